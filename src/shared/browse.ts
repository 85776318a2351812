import { z } from "zod";
import { USER_TAG_IDS } from "./lists.ts";

export const BROWSE_SORTS = ["newest", "mostVotes", "oldest"] as const;
export type BrowseSort = (typeof BROWSE_SORTS)[number];
export const BROWSE_TYPES = ["all", "seasons", "castaways"] as const;
export type BrowseType = (typeof BROWSE_TYPES)[number];

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
  page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
});
export type BrowseQuery = z.output<typeof browseQuerySchema>;
