import { readFileSync } from "node:fs";
import { z } from "zod";
import { fromProjectRoot } from "../../project-root.ts";

const castawaySchema = z.object({
  id: z.string().min(1),
  castawayId: z.string().min(1),
  name: z.string().min(1),
  shortName: z.string().min(1),
});

const seasonSchema = z.object({
  id: z.string().regex(/^s\d+$/),
  number: z.number().int().positive(),
  name: z.string().min(1),
  premiered: z.string().nullable().optional(),
  castaways: z.array(castawaySchema),
});

const fileSchema = z.object({ seasons: z.array(seasonSchema) });

export type ReferenceSeason = z.infer<typeof seasonSchema>;

export const DEFAULT_REFERENCE_FILE = fromProjectRoot("reference-data/survivor-us.json");

export function loadReferenceData(path = DEFAULT_REFERENCE_FILE): ReferenceSeason[] {
  return fileSchema.parse(JSON.parse(readFileSync(path, "utf8"))).seasons;
}

/** An appearance's id: the same person in two seasons is two entries. */
export function appearanceId(seasonId: string, slug: string): string {
  return `${seasonId}-${slug}`;
}
