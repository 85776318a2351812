import { readJson, removeKey, STORAGE_KEYS, writeJson } from "./storage.ts";

/**
 * What to do once an anonymous visitor has signed in (docs/product.md, Drafts): go to
 * `path` and hand `data` (a list being built: contestants, name, description,
 * tags, id) to that screen. Kept in session storage so it survives the trip
 * through /login, and through an identity provider's pages, in the same tab.
 */
export interface PostLoginAction<Data extends object = Record<string, unknown>> {
  path: string;
  data: Data;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isValid(value: unknown): value is PostLoginAction {
  return (
    isPlainObject(value) &&
    typeof value.path === "string" &&
    // An in-app path only: "//host" would read as another site to anything
    // that treats it as a URL.
    value.path.startsWith("/") &&
    !value.path.startsWith("//") &&
    isPlainObject(value.data)
  );
}

export function savePostLoginAction<Data extends object>(action: PostLoginAction<Data>): void {
  writeJson("session", STORAGE_KEYS.postLoginAction, action);
}

/** The saved action, or null. A malformed one is removed. */
export function readPostLoginAction(): PostLoginAction | null {
  const value = readJson<unknown>("session", STORAGE_KEYS.postLoginAction);
  if (value === null) {
    // Unparsable JSON also reads as null: make sure it does not linger.
    removeKey("session", STORAGE_KEYS.postLoginAction);
    return null;
  }
  if (!isValid(value)) {
    removeKey("session", STORAGE_KEYS.postLoginAction);
    return null;
  }
  return value;
}

export function clearPostLoginAction(): void {
  removeKey("session", STORAGE_KEYS.postLoginAction);
}
