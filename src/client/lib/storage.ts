/** Storage access that never throws (private mode, disabled storage, bad JSON). */
function store(kind: "local" | "session"): Storage | null {
  try {
    return kind === "local" ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

export function readJson<T>(kind: "local" | "session", key: string): T | null {
  const raw = store(kind)?.getItem(key);
  if (raw == null) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

export function writeJson(kind: "local" | "session", key: string, value: unknown): void {
  try {
    store(kind)?.setItem(key, JSON.stringify(value));
  } catch {
    // Full or disabled storage: the feature degrades to in-memory only.
  }
}

export function removeKey(kind: "local" | "session", key: string): void {
  store(kind)?.removeItem(key);
}

export const STORAGE_KEYS = {
  draft: "survivor.draft",
  postLoginAction: "survivor.postLoginAction",
  muted: "survivor.muted",
  seasonsPanelCollapsed: "survivor.seasonsPanelCollapsed",
  /** A visitor's spoiler horizon (a member's lives on the server). */
  spoilerHorizon: "survivor.spoilerHorizon",
  /** The first-visit question about the spoiler horizon was answered or dismissed. */
  spoilerPromptSeen: "survivor.spoilerPromptSeen",
} as const;
