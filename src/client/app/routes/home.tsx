export default function HomeRoute() {
  return (
    <section className="page">
      <h1 className="page-title">Survivor Rankings</h1>
    </section>
  );
}
