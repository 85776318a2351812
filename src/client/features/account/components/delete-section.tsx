import { useQuery } from "@tanstack/react-query";
import { type FormEvent, type RefObject, useId, useRef, useState } from "react";
import { Modal } from "#client/components/ui/modal.tsx";
import { PasswordField } from "#client/components/ui/password-field.tsx";
import { ACCOUNT_MESSAGES } from "#shared/account.ts";
import { accountQueryOptions, refusalText, useDeleteAccount } from "../api/account-api.ts";
import { AccountSection } from "./account-section.tsx";

interface Props {
  /** After the account is gone: the page signs out and leaves. */
  onDeleted: () => void;
}

/** Deleting the account for good, confirmed by the username (and password) in a dialog. */
export function DeleteSection({ onDeleted }: Props) {
  const account = useQuery(accountQueryOptions());
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  return (
    <AccountSection
      title="Delete your account"
      tone="danger"
      intro="Your lists, comments, votes, favourites, Global Rankings votes, notifications and pictures are removed for good, and your username becomes free. A comment of yours that others answered stays as a deleted comment, so their replies keep their place."
    >
      <div className="account-actions">
        <button
          ref={opener}
          type="button"
          className="btn btn-danger"
          disabled={!account.data}
          onClick={() => setOpen(true)}
        >
          Delete My Account
        </button>
      </div>
      {open && account.data && (
        <DeleteDialog
          name={account.data.name}
          hasPassword={account.data.hasPassword}
          onClose={() => setOpen(false)}
          onDeleted={onDeleted}
          returnFocusRef={opener}
        />
      )}
    </AccountSection>
  );
}

function DeleteDialog({
  name,
  hasPassword,
  onClose,
  onDeleted,
  returnFocusRef,
}: {
  name: string;
  hasPassword: boolean;
  onClose: () => void;
  onDeleted: () => void;
  returnFocusRef: RefObject<HTMLButtonElement | null>;
}) {
  const id = useId();
  const first = useRef<HTMLInputElement>(null);
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const remove = useDeleteAccount();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (username.trim() !== name) {
      setError(ACCOUNT_MESSAGES.wrongUsername);
      return;
    }
    if (hasPassword && !password) {
      setError(ACCOUNT_MESSAGES.passwordRequired);
      return;
    }
    setError(null);
    remove.mutate(
      { username, ...(hasPassword ? { password } : {}) },
      {
        onSuccess: onDeleted,
        onError: (err) => setError(refusalText(err, ACCOUNT_MESSAGES.deleteFailed)),
      },
    );
  };

  return (
    <Modal
      title="Delete your account?"
      onClose={onClose}
      initialFocusRef={first}
      returnFocusRef={returnFocusRef}
      className="account-delete-modal"
    >
      <form className="account-form" onSubmit={submit} noValidate>
        <p className="account-note">
          This cannot be undone. Type your username, <strong>{name}</strong>, to confirm.
        </p>
        <div className="field">
          <label htmlFor={`${id}-name`}>Username</label>
          <input
            ref={first}
            id={`${id}-name`}
            className="input"
            name="confirm-username"
            autoComplete="off"
            spellCheck={false}
            value={username}
            onChange={(e) => setUsername(e.target.value)}
          />
        </div>
        {hasPassword && (
          <PasswordField
            id={`${id}-password`}
            label="Current password"
            name="current-password"
            autoComplete="current-password"
            value={password}
            onChange={setPassword}
          />
        )}
        {error && (
          <p className="error-text" role="alert">
            {error}
          </p>
        )}
        <div className="account-actions">
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn-danger" disabled={remove.isPending}>
            {remove.isPending ? "Deleting..." : "Delete Forever"}
          </button>
        </div>
      </form>
    </Modal>
  );
}
