import { Link, useRouteError } from "react-router";

/** Shown instead of a blank page when a screen fails to load or render (e.g. after a deploy). */
export function RouteError() {
  const error = useRouteError();
  console.error(error);
  return (
    <section className="page route-error" role="alert">
      <h1 className="page-title">Something went wrong</h1>
      <p className="status-text">This page could not be shown. Reloading usually fixes it.</p>
      <p style={{ display: "flex", gap: 12, justifyContent: "center" }}>
        <button type="button" className="btn" onClick={() => window.location.reload()}>
          Reload
        </button>
        <Link to="/" className="btn btn-ghost">
          Go Home
        </Link>
      </p>
    </section>
  );
}
