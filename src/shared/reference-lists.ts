/** The home page's three named lists (docs/product.md, Home page and reference lists). */
export const REFERENCE_LIST_IDS = ["maddysList", "andrewsList", "kendallsList"] as const;
export type ReferenceListId = (typeof REFERENCE_LIST_IDS)[number];
