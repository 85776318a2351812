import { z } from "zod";
import { USER_TAG_IDS } from "./lists.ts";

export const BROWSE_SORTS = ["newest", "mostVotes", "oldest"] as const;
export type BrowseSort = (typeof BROWSE_SORTS)[number];
export const BROWSE_TYPES = ["all", "seasons", "castaways"] as const;
export type BrowseType = (typeof BROWSE_TYPES)[number];

/**
 * A `?page=`: nonsense and anything below 1 is page 1; a number past the end,
 * however large, is the last page (the service clamps to its page count).
 */
export const pageParam = z
  .unknown()
  .optional()
  .transform((raw) => {
    const n = Number(raw ?? 1);
    return Number.isNaN(n) || n < 1 ? 1 : Math.min(Math.floor(n), Number.MAX_SAFE_INTEGER);
  });

/** Query of /api/browse; the same keys live in the /rankings URL. */
export const browseQuerySchema = z.object({
  q: z.string().trim().max(100).default(""),
  type: z.enum(BROWSE_TYPES).catch("all").default("all"),
  sort: z.enum(BROWSE_SORTS).catch("newest").default("newest"),
  // Comma-separated tag ids; unknown ones are dropped. 'favorites' is both a
  // tag and the reader's own favourites (spec section 5).
  tags: z
    .string()
    .default("")
    .transform((s) => [
      ...new Set(
        s
          .split(",")
          .filter((t): t is (typeof USER_TAG_IDS)[number] => (USER_TAG_IDS as string[]).includes(t)),
      ),
    ]),
  page: pageParam,
});
export type BrowseQuery = z.output<typeof browseQuerySchema>;
