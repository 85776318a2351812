export default function GlobalLegacyRoute() {
  return (
    <section className="page">
      <h1 className="page-title">Global Rankings Legacy</h1>
    </section>
  );
}
