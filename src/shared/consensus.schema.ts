import { z } from "zod";
import { CONSENSUS_KINDS } from "./consensus.ts";

/** /api/consensus/:kind/:slice — the slice itself is checked against the catalogue by the server. */
export const consensusParamsSchema = z.object({
  kind: z.enum(CONSENSUS_KINDS),
  slice: z.string().min(1).max(20),
});
