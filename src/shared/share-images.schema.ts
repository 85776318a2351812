import { z } from "zod";
import { SHARE_LAYOUTS } from "./share-images.ts";

export const shareImageQuerySchema = z.object({
  layout: z.enum(SHARE_LAYOUTS).default("classic"),
  size: z.enum(["portrait", "preview"]).default("portrait"),
});
export type ShareImageQuery = z.input<typeof shareImageQuerySchema>;
