import { useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate } from "react-router";
import { useToast } from "#client/components/ui/toast.tsx";
import { forgetSignedInState } from "#client/features/auth/api/auth-actions.ts";
import { DeleteSection } from "#client/features/account/components/delete-section.tsx";
import { DownloadSection } from "#client/features/account/components/download-section.tsx";
import { PasswordSection } from "#client/features/account/components/password-section.tsx";
import { SessionsSection } from "#client/features/account/components/sessions-section.tsx";
import { useSession } from "#client/lib/queries/session.ts";
import { ACCOUNT_MESSAGES } from "#shared/account.ts";
import { pathTo } from "#shared/routes.ts";
import "#client/features/account/components/account.css";

/** /account: password, sessions, the data download and deletion, one section each (docs/product.md, Your account). */
export default function AccountRoute() {
  const { user, isPending } = useSession();
  const queryClient = useQueryClient();
  const toast = useToast();
  const navigate = useNavigate();

  if (isPending) {
    return (
      <p className="status-text" role="status">
        Loading...
      </p>
    );
  }

  const onDeleted = () => {
    forgetSignedInState(queryClient);
    toast.show(ACCOUNT_MESSAGES.deleted, 5000);
    navigate(pathTo("home"));
  };

  return (
    <section className="page account-page">
      <h1 className="page-title">Your Account</h1>
      {user ? (
        <div className="account-sections">
          <PasswordSection />
          <SessionsSection />
          <DownloadSection />
          <DeleteSection onDeleted={onDeleted} />
        </div>
      ) : (
        <div className="card account-visitor">
          <p>
            Sign in to change your password, see where you are signed in, download your data or delete your
            account.
          </p>
          <Link className="btn" to={pathTo("login")}>
            Sign in
          </Link>
        </div>
      )}
    </section>
  );
}
