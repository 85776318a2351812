import { z } from "zod";
import { CONSENSUS_KINDS, CONSENSUS_ROWS } from "./consensus.ts";

/** /api/consensus/:kind/:slice — the slice itself is checked against the catalogue by the server. */
export const consensusParamsSchema = z.object({
  kind: z.enum(CONSENSUS_KINDS),
  slice: z.string().min(1).max(20),
});

/** ?rows=all: every ranked and unranked row, not only the first CONSENSUS_TOP_ROWS. */
export const consensusQuerySchema = z.object({ rows: z.enum(CONSENSUS_ROWS).default("top") });
