export default function MyListsRoute() {
  return (
    <section className="page">
      <h1 className="page-title">My Survivor Rankings</h1>
    </section>
  );
}
