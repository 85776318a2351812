import { pathTo } from "#shared/routes.ts";
import { useEffect } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { useSession } from "#client/lib/queries/session.ts";
import { LoginScreen } from "#client/features/auth/components/login-screen.tsx";
import { clearPostLoginAction, readPostLoginAction } from "#client/lib/post-login-action.ts";
import { TIMERS_MS } from "#shared/limits.ts";

/**
 * /login. Whoever is signed in here moves on: every way of signing in ends
 * here with a session (email forms re-read it; identity providers send the
 * browser back to /login), so this one place follows a saved post-login
 * action, or goes home.
 */
export default function LoginRoute() {
  const { user, isPending } = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // A password-reset link is for whoever holds it, signed in or not.
  const resetting = params.has("token");

  useEffect(() => {
    if (!user || resetting) return;
    const action = readPostLoginAction();
    if (!action) {
      navigate(pathTo("home"), { replace: true });
      return;
    }
    const timer = window.setTimeout(() => {
      // The action is handed over as navigation state and left in storage:
      // the create screen applies it once and then removes it (docs/product.md, Drafts)
      // ("only if its path is /create"). No other screen removes one, so for
      // any other path it is removed here, to be followed only once.
      if (action.path !== pathTo("create")) clearPostLoginAction();
      navigate(action.path, { replace: true, state: { pendingListData: action.data } });
    }, TIMERS_MS.postLoginRedirect);
    return () => window.clearTimeout(timer);
  }, [user, resetting, navigate]);

  if (isPending) return <p className="status-text">Loading...</p>;
  if (user && !resetting) {
    return (
      <p className="status-text" role="status">
        Signed in. Taking you onward...
      </p>
    );
  }
  return <LoginScreen />;
}
