import { useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate } from "react-router";
import { useToast } from "#client/components/ui/toast.tsx";
import { forgetSignedInState } from "#client/features/auth/api/auth-actions.ts";
import { AccountSection } from "#client/features/account/components/account-section.tsx";
import { DeleteSection } from "#client/features/account/components/delete-section.tsx";
import { DownloadSection } from "#client/features/account/components/download-section.tsx";
import { PasswordSection } from "#client/features/account/components/password-section.tsx";
import { SessionsSection } from "#client/features/account/components/sessions-section.tsx";
import { SpoilerHorizonSettings } from "#client/features/spoilers/components/spoiler-horizon-settings.tsx";
import { useSession } from "#client/lib/queries/session.ts";
import { ACCOUNT_MESSAGES } from "#shared/account.ts";
import { SPOILER_TEXTS } from "#shared/spoiler-horizon.ts";
import { pathTo } from "#shared/routes.ts";
import "#client/features/account/components/account.css";

/**
 * /account: the spoiler horizon, password, sessions, the data download and
 * deletion, one section each (docs/product.md, Your account). A visitor can
 * set the horizon here too (it is kept in the browser).
 */
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

  const horizon = (
    <AccountSection title={SPOILER_TEXTS.settingsTitle}>
      <SpoilerHorizonSettings headingLevel={null} />
    </AccountSection>
  );

  return (
    <section className="page account-page">
      <h1 className="page-title">Your Account</h1>
      {user ? (
        <div className="account-sections">
          {horizon}
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
      {!user && <div className="account-sections">{horizon}</div>}
    </section>
  );
}
