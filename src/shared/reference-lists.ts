import { z } from "zod";
import { LIMITS } from "./limits.ts";
import { ITEM_ID } from "./lists.ts";

/** The home page's three named lists (spec: rankings/current). */
export const REFERENCE_LIST_IDS = ["maddysList", "andrewsList", "kendallsList"] as const;
export type ReferenceListId = (typeof REFERENCE_LIST_IDS)[number];

export const referenceListParamsSchema = z.object({ id: z.enum(REFERENCE_LIST_IDS) });
export const referenceListInputSchema = z.object({
  items: z.array(z.string().regex(ITEM_ID)).max(LIMITS.listItemsMax),
});
export type ReferenceListInput = z.input<typeof referenceListInputSchema>;
