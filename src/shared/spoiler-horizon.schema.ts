import { z } from "zod";
import { SPOILER_SEASON_MAX } from "./spoiler-horizon.ts";

const season = z.number().int().min(0).max(SPOILER_SEASON_MAX);

/** PUT /api/me/spoiler-horizon: a horizon, or null to show everything. */
export const spoilerHorizonInputSchema = z.strictObject({
  horizon: z
    .union([
      z.strictObject({ upTo: season }),
      z.strictObject({ seasons: z.array(season.min(1)).max(SPOILER_SEASON_MAX) }),
    ])
    .nullable(),
});
export type SpoilerHorizonInput = z.infer<typeof spoilerHorizonInputSchema>;
