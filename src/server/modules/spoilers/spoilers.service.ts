import { eq, sql } from "drizzle-orm";
import { user } from "../../db/schema/index.ts";
import type { Store } from "../../store.ts";
import { getCatalog } from "../seasons/catalog.ts";
import {
  decodeHorizon,
  encodeHorizon,
  type HiddenEntry,
  hasWatched,
  type SpoilerHorizon,
} from "#shared/spoiler-horizon.ts";

/** Sets (or, with null, clears) a member's spoiler horizon; their sessions carry it from the next request. */
export async function setSpoilerHorizon(
  store: Store,
  userId: string,
  horizon: SpoilerHorizon | null,
): Promise<SpoilerHorizon | null> {
  const text = encodeHorizon(horizon);
  await store.db
    .update(user)
    .set({ spoilerHorizon: text, updatedAt: sql`now()` })
    .where(eq(user.id, userId));
  await store.events.emit("spoiler-horizon-changed", { userId });
  return decodeHorizon(text);
}

/** The horizon a session's user carries (the column's text); a few bytes of JSON, read per request. */
export const horizonOf = (text: string | null | undefined): SpoilerHorizon | null => decodeHorizon(text);

// What a hidden entry keeps: its place and counts, never what names it.
const KEPT_OBJECTS = new Set(["range"]);
// Subtrees that are the viewer's own choices (their Global Rankings vote).
const OWN_KEYS = new Set(["mine"]);

/**
 * An API answer as a member with `horizon` may see it (docs/product.md,
 * "Spoiler horizon"): every castaway of a season past the horizon becomes
 * `{ hidden: true, season }` (with its place and counts), wherever it sits.
 * A castaway is an object whose `id` the catalog knows as a castaway and
 * which has a `name`. The viewer's own lists (`userId` is theirs) and own
 * vote are left whole. `changed` is false when nothing was hidden.
 */
export async function hideSpoilers(
  store: Store,
  value: unknown,
  horizon: SpoilerHorizon,
  viewerId: string,
): Promise<{ value: unknown; changed: boolean }> {
  const catalog = await getCatalog(store);
  let changed = false;
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) {
      let out: unknown[] | null = null;
      for (let i = 0; i < node.length; i++) {
        const next = walk(node[i]);
        if (next !== node[i]) (out ??= node.slice())[i] = next;
      }
      return out ?? node;
    }
    if (typeof node !== "object" || node === null) return node;
    const record = node as Record<string, unknown>;
    if (record.userId === viewerId) return node;
    const id = record.id;
    if (typeof id === "string" && typeof record.name === "string") {
      const entry = catalog.get(id);
      if (entry && !entry.isSeason && !hasWatched(horizon, entry.seasonNumber)) {
        changed = true;
        const hidden: HiddenEntry & Record<string, unknown> = { hidden: true, season: entry.seasonNumber };
        for (const [key, v] of Object.entries(record)) {
          if (key === "seasonNumber") continue;
          if (typeof v === "number" || (KEPT_OBJECTS.has(key) && typeof v === "object")) hidden[key] = v;
        }
        return hidden;
      }
    }
    let out: Record<string, unknown> | null = null;
    for (const [key, v] of Object.entries(record)) {
      if (OWN_KEYS.has(key)) continue;
      const next = walk(v);
      if (next !== v) (out ??= { ...record })[key] = next;
    }
    return out ?? node;
  };
  const result = walk(value);
  return { value: result, changed };
}
