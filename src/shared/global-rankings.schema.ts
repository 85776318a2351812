import { z } from "zod";
import { GLOBAL_MESSAGES, GLOBAL_SLOTS } from "./global-rankings.ts";
import { pathIdSchema } from "./lists.schema.ts";

export const categoryParamsSchema = z.object({ categoryId: pathIdSchema });

export const submissionSchema = z.object({
  slots: z
    .array(z.string().max(120).nullable())
    .length(GLOBAL_SLOTS, `A ranking has exactly ${GLOBAL_SLOTS} slots.`)
    .refine((slots) => slots.some((s) => s !== null), GLOBAL_MESSAGES.emptySubmission),
});
export type SubmissionInput = z.input<typeof submissionSchema>;
