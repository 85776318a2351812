import { useEffect, useId, useState } from "react";
import { useSearchParams } from "react-router";
import { AUTH_MESSAGES } from "#shared/messages.ts";
import { PASSWORD_CHANGED, RESET_LINK_INVALID, socialErrorMessage } from "../api/auth-errors.ts";
import { MailIcon } from "./auth-icons.tsx";
import { EmailAuthForm, type Feedback } from "./email-auth-form.tsx";
import { NewPasswordForm } from "./new-password-form.tsx";
import { ProviderButtons } from "./provider-buttons.tsx";
import "./login-screen.css";

interface Arrival {
  /** Something to say next to the provider buttons. */
  socialMessage: string | null;
  /** Something to say in the email form, which then starts open. */
  emailFeedback: Feedback | null;
  /** A provider's failure, for the log. */
  socialFailure: { provider: string; error: string } | null;
}

/**
 * What the address says about how the visitor got here: back from an
 * identity provider with ?provider=...&error=..., or from a password-reset
 * link with ?error=INVALID_TOKEN (a valid link brings ?token=...).
 */
function readArrival(params: URLSearchParams): Arrival {
  const error = params.get("error");
  const provider = params.get("provider");
  if (error && provider) {
    return {
      socialMessage: socialErrorMessage(provider, error),
      emailFeedback: null,
      socialFailure: { provider, error },
    };
  }
  if (error) {
    const text = error === "INVALID_TOKEN" ? RESET_LINK_INVALID : AUTH_MESSAGES.signInFailed;
    return { socialMessage: null, emailFeedback: { tone: "error", text }, socialFailure: null };
  }
  return { socialMessage: null, emailFeedback: null, socialFailure: null };
}

/** The /login screen for a visitor who is not signed in. */
export function LoginScreen() {
  const titleId = useId();
  const formId = useId();
  const [params, setParams] = useSearchParams();
  const token = params.get("token");
  // Read once: the address is tidied right after.
  const [arrival] = useState(() => readArrival(params));
  const [emailOpen, setEmailOpen] = useState(arrival.emailFeedback !== null);
  const [emailFeedback, setEmailFeedback] = useState<Feedback | null>(arrival.emailFeedback);
  const [openedByUser, setOpenedByUser] = useState(false);
  // A new key starts the email form afresh with a new message.
  const [formKey, setFormKey] = useState(0);

  useEffect(() => {
    // A Google failure is only logged; Twitter's is also shown (docs/product.md, Sign-in and accounts).
    if (arrival.socialFailure) {
      console.error(`${arrival.socialFailure.provider} sign-in failed: ${arrival.socialFailure.error}`);
    }
  }, [arrival]);

  const hasArrivalParams = params.has("error") || params.has("provider");
  useEffect(() => {
    // Leave no error in the address (a reload would show it again); a reset
    // token stays until it has been used or dropped.
    if (!hasArrivalParams) return;
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete("error");
        next.delete("error_description");
        next.delete("provider");
        return next;
      },
      { replace: true },
    );
  }, [hasArrivalParams, setParams]);

  const backToSignIn = (feedback: Feedback | null) => {
    setEmailFeedback(feedback);
    setEmailOpen(true);
    setOpenedByUser(false);
    setFormKey((k) => k + 1);
    setParams({}, { replace: true });
  };

  return (
    <div className="login-screen">
      <section className="card login-card" aria-labelledby={titleId}>
        <div className="login-emblem" aria-hidden="true">
          <svg viewBox="0 0 24 24" focusable="false">
            <path
              fill="currentColor"
              d="M12 2c.6 3.2-1 4.9-2.4 6.5C8.2 10.1 7 11.6 7 14a5 5 0 0 0 10 0c0-2-1-3.6-2-4.8.1 1.6-.4 2.9-1.6 3.4.4-2.8-.3-6.6-1.4-10.6Z"
            />
          </svg>
        </div>
        <h1 id={titleId} className="page-title login-title">
          Sign In Required
        </h1>
        <p className="login-lead">
          To create and interact with Survivor contestant rankings, please sign in.
        </p>
        <p className="login-sub">Once logged in, you&apos;ll be able to create your own!</p>

        {token ? (
          <NewPasswordForm
            token={token}
            onChanged={() => backToSignIn({ tone: "success", text: PASSWORD_CHANGED })}
            onInvalidLink={() => backToSignIn({ tone: "error", text: RESET_LINK_INVALID })}
            onCancel={() => backToSignIn(null)}
          />
        ) : (
          <div className="login-methods">
            <ProviderButtons initialMessage={arrival.socialMessage} />
            <div className="login-divider">
              <span>or</span>
            </div>
            <button
              type="button"
              className="btn btn-ghost auth-button auth-button-email"
              aria-expanded={emailOpen}
              aria-controls={emailOpen ? formId : undefined}
              onClick={() => {
                setEmailOpen((open) => !open);
                setEmailFeedback(null);
                setOpenedByUser(true);
              }}
            >
              <MailIcon />
              <span>Sign in with Email</span>
            </button>
            {emailOpen && (
              <EmailAuthForm
                key={formKey}
                id={formId}
                initialFeedback={emailFeedback}
                autoFocus={openedByUser}
              />
            )}
          </div>
        )}
      </section>
    </div>
  );
}
