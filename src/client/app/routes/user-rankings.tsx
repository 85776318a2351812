export default function UserRankingsRoute() {
  return (
    <section className="page">
      <h1 className="page-title">Rankings</h1>
    </section>
  );
}
