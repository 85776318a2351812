import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { ApiClientError } from "#client/lib/api-client.ts";
import { AUTH_MESSAGES } from "#shared/messages.ts";
import { refreshAfterAuthChange, resetPassword } from "../api/auth-actions.ts";
import { newPasswordErrorMessage } from "../api/auth-errors.ts";
import { PasswordField } from "#client/components/ui/password-field.tsx";

interface Props {
  token: string;
  /** The password was changed. */
  onChanged: () => void;
  /** The link's token is unknown or expired. */
  onInvalidLink: () => void;
  onCancel: () => void;
}

/** The second half of a password reset: reached from the mailed link. */
export function NewPasswordForm({ token, onChanged, onInvalidLink, onCancel }: Props) {
  const queryClient = useQueryClient();
  const fieldId = useId();
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [error, setError] = useState<string | null>(null);

  const change = useMutation({
    mutationFn: resetPassword,
    // The server ends every session of the account on a reset.
    onSuccess: async () => {
      await refreshAfterAuthChange(queryClient);
      onChanged();
    },
    onError: (e) => {
      if (e instanceof ApiClientError && e.code === "INVALID_TOKEN") onInvalidLink();
      else setError(newPasswordErrorMessage(e));
    },
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (change.isPending) return;
    if (password !== confirm) {
      setError(AUTH_MESSAGES.passwordsDiffer);
      return;
    }
    setError(null);
    change.mutate({ token, newPassword: password });
  };

  return (
    <form
      className="auth-email-form auth-new-password"
      onSubmit={onSubmit}
      aria-labelledby={`${fieldId}-title`}
    >
      <h2 id={`${fieldId}-title`} className="auth-subtitle">
        Choose a new password
      </h2>
      <PasswordField
        id={`${fieldId}-password`}
        label="New Password"
        name="newPassword"
        autoComplete="new-password"
        showLengthHint
        value={password}
        onChange={setPassword}
      />
      <PasswordField
        id={`${fieldId}-confirm`}
        label="Confirm New Password"
        name="confirmPassword"
        autoComplete="new-password"
        value={confirm}
        onChange={setConfirm}
      />
      <div className="auth-feedback">
        {error && (
          <p className="auth-message auth-message-error" role="alert">
            {error}
          </p>
        )}
      </div>
      <button type="submit" className="btn auth-submit" disabled={change.isPending}>
        {change.isPending ? "Saving..." : "Save New Password"}
      </button>
      <button type="button" className="btn-link auth-forgot" onClick={onCancel}>
        Back to sign in
      </button>
    </form>
  );
}
