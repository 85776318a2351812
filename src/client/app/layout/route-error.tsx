import { Component, type ErrorInfo, type ReactNode } from "react";
import { Link } from "react-router";

/** Shown instead of a blank page when a screen fails to load or render (e.g. after a deploy). */
export function RouteError() {
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

interface BoundaryProps {
  children: ReactNode;
  /** A new value (the next address) clears the error and tries the children again. */
  resetKey: string;
}

/** Catches what a screen throws while loading or rendering and shows RouteError in its place. */
export class ScreenErrorBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  override componentDidUpdate(previous: BoundaryProps): void {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) this.setState({ failed: false });
  }

  override render(): ReactNode {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}
