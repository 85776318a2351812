export default function ListDetailRoute() {
  return (
    <section className="page">
      <h1 className="page-title">Loading list details...</h1>
    </section>
  );
}
