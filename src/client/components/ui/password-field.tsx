import { LIMITS } from "#shared/limits.ts";
import "./password-field.css";

interface Props {
  id: string;
  label: string;
  name: string;
  /** "new-password" lets the browser offer to generate and save one. */
  autoComplete: "current-password" | "new-password";
  value: string;
  onChange: (value: string) => void;
  /** Say the minimum length under the field: only where a password is being chosen. */
  showLengthHint?: boolean;
}

/** One password input: sign-in, sign-up, their confirmations, the reset form and the account page. */
export function PasswordField({
  id,
  label,
  name,
  autoComplete,
  value,
  onChange,
  showLengthHint = false,
}: Props) {
  const hintId = `${id}-hint`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className="input"
        type="password"
        name={name}
        autoComplete={autoComplete}
        required
        aria-describedby={showLengthHint ? hintId : undefined}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
      {showLengthHint && (
        <p id={hintId} className="password-hint">
          At least {LIMITS.passwordMin} characters.
        </p>
      )}
    </div>
  );
}
