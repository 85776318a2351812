/**
 * Share images (docs/product.md, Sharing pictures): the query of
 * GET /api/lists/{userId}/{listId}/share, and the rules the picture follows.
 */
export const SHARE_LAYOUTS = ["classic", "beach"] as const;
export type ShareLayout = (typeof SHARE_LAYOUTS)[number];

/** `portrait` is the picture people share; `preview` is the link-preview card (og:image). */
export const SHARE_SIZES = {
  portrait: { width: 1080, height: 1350 },
  preview: { width: 1200, height: 630 },
} as const;
export type ShareSize = keyof typeof SHARE_SIZES;

export const SHARE_RULES = {
  untitled: "Untitled List",
  /** Text shrinks to fit, the title not below 20 px, names not below 10 px. */
  titleMinPx: 20,
  nameMinPx: 10,
} as const;

/** What names a version of a list's share pictures (the entries are read only to draw one). */
export interface ShareListVersion {
  userId: string;
  id: string;
  name: string;
  userName: string;
  updatedAt: string;
}
