// Which file in `Headshots/Season {n}/` belongs to a castaway. The rule is the
// layout docs/media.md describes: an alias table first, otherwise the lowercased first word of
// the name. Pure functions; the file system is operator-images.ts's business.

export const IMAGE_EXTENSIONS = ["png", "jpg", "jpeg", "webp"] as const;

export interface NamedAppearance {
  id: string;
  seasonId: string;
  slug: string;
  name: string;
}

/** A file to look for: an exact file name, or a stem tried with each image extension. */
export type FileCandidate = { file: string } | { stem: string };

/** Operator aliases, keys normalised: appearance ids as they are, full names by `nameKey`. */
export type AliasTable = ReadonlyMap<string, string>;

/** 'Rob Mariano' -> 'rob'; 'B.B. Andersen' -> 'b.b.'. */
export function firstWord(name: string): string {
  return (name.trim().split(/\s+/)[0] ?? "").toLowerCase();
}

/** How a full name is matched in the operator's alias file: case and spacing do not count. */
export function nameKey(name: string): string {
  return name.trim().replace(/\s+/g, " ").toLowerCase();
}

/**
 * The built-in alias table: where two castaways of one season share the
 * lowercased first word (Kim Johnson and Kim Powers in season 3), neither can
 * own `kim.png`, so each one's file is named by the slug (`kim-johnson.png`).
 * Computed from the reference data, so it is right for any data file.
 */
export function builtInAliases(appearances: Iterable<NamedAppearance>): Map<string, string> {
  const groups = new Map<string, NamedAppearance[]>();
  for (const a of appearances) {
    const key = `${a.seasonId}\u0000${firstWord(a.name)}`;
    const group = groups.get(key);
    if (group) group.push(a);
    else groups.set(key, [a]);
  }
  const aliases = new Map<string, string>();
  for (const group of groups.values()) {
    if (group.length < 2) continue;
    for (const a of group) aliases.set(a.id, a.slug);
  }
  return aliases;
}

/**
 * A file name from the operator's alias file or the data, made safe to look
 * up: one path segment, no separators, no control characters, not '.'/'..'.
 * Returns null for anything else.
 */
export function safeFileName(value: string): string | null {
  const v = value.trim().toLowerCase();
  if (v === "" || v === "." || v === ".." || v.length > 200) return null;
  if (/[/\\\u0000-\u001f\u007f]/.test(v)) return null;
  return v;
}

function aliasCandidate(value: string): FileCandidate | null {
  const safe = safeFileName(value);
  if (!safe) return null;
  const ext = safe.slice(safe.lastIndexOf(".") + 1);
  return safe.includes(".") && (IMAGE_EXTENSIONS as readonly string[]).includes(ext)
    ? { file: safe }
    : { stem: safe };
}

/**
 * Files to try for one appearance, best first: the operator's alias by
 * appearance id, then by full name; the built-in alias; the first word (only
 * when it is not shared in the season); and last the slug, so files named like
 * `richard-hatch.png` are found too.
 */
export function headshotCandidates(
  appearance: NamedAppearance,
  builtIn: ReadonlyMap<string, string>,
  operator: AliasTable,
): FileCandidate[] {
  const out: FileCandidate[] = [];
  const push = (c: FileCandidate | null) => {
    if (c && !out.some((o) => JSON.stringify(o) === JSON.stringify(c))) out.push(c);
  };
  const byId = operator.get(appearance.id);
  if (byId) push(aliasCandidate(byId));
  const byName = operator.get(nameKey(appearance.name));
  if (byName) push(aliasCandidate(byName));
  const shared = builtIn.get(appearance.id);
  if (shared) push(aliasCandidate(shared));
  else {
    const word = safeFileName(firstWord(appearance.name));
    if (word) push({ stem: word });
  }
  push(aliasCandidate(appearance.slug));
  return out;
}
