import { z } from "zod";
import { LIMITS } from "./limits.ts";
import { ITEM_ID } from "./lists.ts";
import { REFERENCE_LIST_IDS } from "./reference-lists.ts";

export const referenceListParamsSchema = z.object({ id: z.enum(REFERENCE_LIST_IDS) });
export const referenceListInputSchema = z.object({
  items: z.array(z.string().regex(ITEM_ID)).max(LIMITS.listItemsMax),
});
export type ReferenceListInput = z.input<typeof referenceListInputSchema>;
