export default function RankingsRoute() {
  return (
    <section className="page">
      <h1 className="page-title">Browse All Rankings</h1>
    </section>
  );
}
