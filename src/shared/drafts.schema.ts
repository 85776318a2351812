import { z } from "zod";
import { LIMITS } from "./limits.ts";
import { ITEM_ID } from "./lists.ts";

/** A draft is work in progress: limits hold, but nothing is required yet. */
export const draftSchema = z.object({
  name: z.string().max(LIMITS.listNameMax).default(""),
  description: z.string().max(LIMITS.listDescriptionMax).default(""),
  tags: z.array(z.string().max(40)).max(20).default([]),
  items: z.array(z.string().regex(ITEM_ID)).max(LIMITS.listItemsMax).default([]),
});
export type DraftInput = z.input<typeof draftSchema>;
export type Draft = z.output<typeof draftSchema> & { updatedAt: string };
