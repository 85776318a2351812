export default function CreateRoute() {
  return (
    <section className="page">
      <h1 className="page-title">Create New Ranking</h1>
    </section>
  );
}
