import type { ContentfulStatusCode } from "hono/utils/http-status";

export interface ErrorBody {
  error: { code: string; message: string; fields?: Record<string, string> };
}

/** Thrown anywhere in a handler; app.onError turns it into the JSON error body. */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }

  toBody(): ErrorBody {
    return {
      error: { code: this.code, message: this.message, ...(this.fields ? { fields: this.fields } : {}) },
    };
  }
}

export const notFound = (message = "Not found.") => new ApiError(404, "NOT_FOUND", message);
export const unauthorized = (message = "You must be signed in.") =>
  new ApiError(401, "UNAUTHORIZED", message);
export const forbidden = (message = "You may not change this.") => new ApiError(403, "FORBIDDEN", message);
export const tooManyRequests = (message: string) => new ApiError(429, "RATE_LIMITED", message);
