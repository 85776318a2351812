import { validator } from "hono/validator";
import type { z } from "zod";
import { ApiError } from "./errors.ts";

function toApiError(error: z.ZodError): ApiError {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".") || "_";
    fields[key] ??= issue.message;
  }
  return new ApiError(400, "VALIDATION_FAILED", error.issues[0]?.message ?? "Invalid input.", fields);
}

/** Validates a JSON body with a shared zod schema; bad input is a 400, never a 500. */
export const jsonBody = <T extends z.ZodType>(schema: T) =>
  validator("json", (value): z.infer<T> => {
    const result = schema.safeParse(value);
    if (!result.success) throw toApiError(result.error);
    return result.data;
  });

export const queryParams = <T extends z.ZodType>(schema: T) =>
  validator("query", (value): z.infer<T> => {
    const result = schema.safeParse(value);
    if (!result.success) throw toApiError(result.error);
    return result.data;
  });
