import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { PasswordField } from "#client/components/ui/password-field.tsx";
import { ACCOUNT_MESSAGES } from "#shared/account.ts";
import { LIMITS } from "#shared/limits.ts";
import { accountQueryOptions, passwordChangeError, useChangePassword } from "../api/account-api.ts";
import { AccountSection } from "./account-section.tsx";

/** What is wrong with the form before it is sent, or null. */
function formProblem(current: string, next: string, again: string): string | null {
  if (!current) return ACCOUNT_MESSAGES.passwordRequired;
  if (next.length < LIMITS.passwordMin) return ACCOUNT_MESSAGES.newPasswordTooShort;
  if (next.length > LIMITS.passwordMax) return ACCOUNT_MESSAGES.newPasswordTooLong;
  if (next !== again) return ACCOUNT_MESSAGES.passwordsDiffer;
  if (next === current) return ACCOUNT_MESSAGES.samePassword;
  return null;
}

/** Change password: the current one, a new one twice; other devices are signed out (docs/product.md, Your account). */
export function PasswordSection() {
  const account = useQuery(accountQueryOptions());
  const id = useId();
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [again, setAgain] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const change = useChangePassword();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setDone(false);
    const problem = formProblem(current, next, again);
    setError(problem);
    if (problem) return;
    change.mutate(
      { currentPassword: current, newPassword: next },
      {
        onSuccess: () => {
          setCurrent("");
          setNext("");
          setAgain("");
          setDone(true);
        },
        onError: (err) => setError(passwordChangeError(err)),
      },
    );
  };

  if (account.data && !account.data.hasPassword) {
    return (
      <AccountSection title="Password">
        <p className="account-note">{ACCOUNT_MESSAGES.noPassword}</p>
      </AccountSection>
    );
  }

  return (
    <AccountSection title="Password" intro="Changing your password signs out every other device.">
      <form className="account-form" onSubmit={submit} noValidate>
        <PasswordField
          id={`${id}-current`}
          label="Current password"
          name="current-password"
          autoComplete="current-password"
          value={current}
          onChange={setCurrent}
        />
        <PasswordField
          id={`${id}-new`}
          label="New password"
          name="new-password"
          autoComplete="new-password"
          value={next}
          onChange={setNext}
          showLengthHint
        />
        <PasswordField
          id={`${id}-again`}
          label="Confirm new password"
          name="confirm-password"
          autoComplete="new-password"
          value={again}
          onChange={setAgain}
        />
        <div className="account-actions">
          <button type="submit" className="btn" disabled={change.isPending || !account.data}>
            {change.isPending ? "Changing..." : "Change Password"}
          </button>
        </div>
        <div className="account-feedback" aria-live="polite">
          {error && (
            <p className="error-text" role="alert">
              {error}
            </p>
          )}
          {done && <p className="success-text">{ACCOUNT_MESSAGES.passwordChanged}</p>}
        </div>
      </form>
    </AccountSection>
  );
}
