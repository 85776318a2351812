export default function LoginRoute() {
  return (
    <section className="page">
      <h1 className="page-title">Sign In Required</h1>
    </section>
  );
}
