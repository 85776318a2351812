import { useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate } from "react-router";
import { signOut } from "#client/features/auth/api/auth-actions.ts";
import { useSession } from "#client/features/auth/api/session.ts";

export function Header() {
  const { user } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const onSignOut = async () => {
    await signOut(queryClient);
    navigate("/login");
  };

  return (
    <header className="app-header">
      <Link to="/global-rankings" className="btn btn-ghost">
        Global Rankings
      </Link>
      <Link to="/" className="site-title">
        Survivor Rankings
      </Link>
      <nav className="header-nav">
        {user && <span className="welcome">Welcome, {user.name}</span>}
        <Link to="/mylists" className="btn btn-ghost">
          My Lists
        </Link>
        <Link to="/rankings" className="btn btn-ghost">
          Other Rankings
        </Link>
        {user ? (
          <button type="button" className="btn" onClick={onSignOut}>
            Sign Out
          </button>
        ) : (
          <Link to="/login" className="btn">
            Login
          </Link>
        )}
      </nav>
    </header>
  );
}
