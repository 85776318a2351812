import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { AUTH_MESSAGES } from "#shared/messages.ts";
import { PasswordField } from "#client/components/ui/password-field.tsx";
import {
  refreshAfterAuthChange,
  requestPasswordReset,
  signInWithEmail,
  signUpWithEmail,
} from "../api/auth-actions.ts";
import { resetRequestErrorMessage, signInErrorMessage, signUpErrorMessage } from "../api/auth-errors.ts";
import { sessionQueryOptions } from "#client/lib/queries/session.ts";

export type EmailMode = "signin" | "signup";

export interface Feedback {
  tone: "error" | "success";
  text: string;
}

interface Props {
  id: string;
  initialFeedback?: Feedback | null;
  /** Put the cursor in the email field (the user just asked for this form). */
  autoFocus?: boolean;
}

/** Email and password, in Sign In or Sign Up mode, with the password-reset request. */
export function EmailAuthForm({ id, initialFeedback = null, autoFocus = false }: Props) {
  const queryClient = useQueryClient();
  const fieldId = useId();
  const [mode, setMode] = useState<EmailMode>("signin");
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [feedback, setFeedback] = useState<Feedback | null>(initialFeedback);

  const submit = useMutation({
    mutationFn: async (input: { mode: EmailMode; email: string; password: string }) => {
      if (input.mode === "signin") await signInWithEmail(input);
      else await signUpWithEmail(input);
    },
    // Stays pending until the session is re-read; the page then moves on.
    onSuccess: async (_data, input) => {
      await refreshAfterAuthChange(queryClient);
      // Accepted, yet no session: the browser refused the cookie.
      if (!queryClient.getQueryData(sessionQueryOptions().queryKey)) {
        setFeedback({
          tone: "error",
          text: input.mode === "signin" ? AUTH_MESSAGES.signInFailed : AUTH_MESSAGES.signUpFailed,
        });
      }
    },
    onError: (error, input) =>
      setFeedback({
        tone: "error",
        text: input.mode === "signin" ? signInErrorMessage(error) : signUpErrorMessage(error),
      }),
  });

  const reset = useMutation({
    mutationFn: requestPasswordReset,
    onSuccess: () => setFeedback({ tone: "success", text: AUTH_MESSAGES.resetSent }),
    onError: (error) => setFeedback({ tone: "error", text: resetRequestErrorMessage(error) }),
  });

  const switchMode = (next: EmailMode) => {
    setMode(next);
    // Switching between Sign In and Sign Up clears the error.
    setFeedback(null);
    setConfirm("");
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submit.isPending) return;
    if (mode === "signup" && password !== confirm) {
      setFeedback({ tone: "error", text: AUTH_MESSAGES.passwordsDiffer });
      return;
    }
    setFeedback(null);
    submit.mutate({ mode, email, password });
  };

  const onForgotPassword = () => {
    if (!email.trim()) {
      setFeedback({ tone: "error", text: AUTH_MESSAGES.resetNeedsEmail });
      return;
    }
    setFeedback(null);
    reset.mutate(email);
  };

  const busy = submit.isPending;
  const submitLabel =
    mode === "signin" ? (busy ? "Signing in..." : "Sign In") : busy ? "Creating account..." : "Sign Up";

  return (
    <form id={id} className="auth-email-form" onSubmit={onSubmit}>
      <fieldset className="auth-mode">
        <legend className="sr-only">Sign in or create an account</legend>
        {(["signin", "signup"] as const).map((m) => (
          <label key={m} className="auth-mode-option">
            <input
              type="radio"
              name={`${fieldId}-mode`}
              value={m}
              checked={mode === m}
              onChange={() => switchMode(m)}
            />
            <span>{m === "signin" ? "Sign In" : "Sign Up"}</span>
          </label>
        ))}
      </fieldset>

      <div className="field">
        <label htmlFor={`${fieldId}-email`}>Email</label>
        <input
          id={`${fieldId}-email`}
          className="input"
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          autoCapitalize="none"
          spellCheck={false}
          autoFocus={autoFocus}
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
      </div>

      <PasswordField
        id={`${fieldId}-password`}
        label="Password"
        name="password"
        autoComplete={mode === "signin" ? "current-password" : "new-password"}
        showLengthHint={mode === "signup"}
        value={password}
        onChange={setPassword}
      />

      {mode === "signup" && (
        <PasswordField
          id={`${fieldId}-confirm`}
          label="Confirm Password"
          name="confirmPassword"
          autoComplete="new-password"
          value={confirm}
          onChange={setConfirm}
        />
      )}

      <div className="auth-feedback">
        {feedback && (
          <p
            className={`auth-message auth-message-${feedback.tone}`}
            role={feedback.tone === "error" ? "alert" : "status"}
          >
            {feedback.text}
          </p>
        )}
      </div>

      <button type="submit" className="btn auth-submit" disabled={busy}>
        {submitLabel}
      </button>

      {mode === "signin" && (
        <button
          type="button"
          className="btn-link auth-forgot"
          onClick={onForgotPassword}
          disabled={reset.isPending}
        >
          {reset.isPending ? "Sending..." : "Forgot Password?"}
        </button>
      )}
    </form>
  );
}
