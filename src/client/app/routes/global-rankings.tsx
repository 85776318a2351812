export default function GlobalRankingsRoute() {
  return (
    <section className="page">
      <h1 className="page-title">Global Rankings</h1>
    </section>
  );
}
