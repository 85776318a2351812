import type { Env, MiddlewareHandler, ValidationTargets } from "hono";
import { validator } from "hono/validator";
import type { z } from "zod";
import { ApiError, notFound } from "./errors.ts";

function toApiError(error: z.ZodError): ApiError {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".") || "_";
    fields[key] ??= issue.message;
  }
  return new ApiError(400, "VALIDATION_FAILED", error.issues[0]?.message ?? "Invalid input.", fields);
}

/**
 * A validator whose declared input is the schema's input type, so the typed
 * client (hc<AppType>) checks request bodies, queries and path parameters
 * against the same shared schema the server parses them with. Hono's own
 * validator can only declare its raw input (strings), hence the one cast.
 */
function zodValidator<Target extends keyof ValidationTargets, T extends z.ZodType>(
  target: Target,
  schema: T,
  failure: (error: z.ZodError) => ApiError,
) {
  return validator(target, (value) => {
    const result = schema.safeParse(value);
    if (!result.success) throw failure(result.error);
    return result.data as z.output<T>;
  }) as unknown as MiddlewareHandler<
    Env,
    string,
    { in: { [K in Target]: z.input<T> }; out: { [K in Target]: z.output<T> } }
  >;
}

/** Validates a JSON body with a shared zod schema; bad input is a 400, never a 500. */
export const jsonBody = <T extends z.ZodType>(schema: T) => zodValidator("json", schema, toApiError);

export const queryParams = <T extends z.ZodType>(schema: T) => zodValidator("query", schema, toApiError);

/**
 * Validates path parameters. A path that cannot name anything is a 404 with
 * the resource's own "not found" text: the same answer as a well-formed id
 * that names nothing.
 */
export const pathParams = <T extends z.ZodType>(schema: T, notFoundMessage?: string) =>
  zodValidator("param", schema, () => notFound(notFoundMessage));
