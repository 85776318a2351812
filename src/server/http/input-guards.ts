import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { declaredLength } from "./declared-length.ts";
import { ApiError } from "./errors.ts";

const JSON_TYPE = /^application\/([\w.-]+\+)?json$/i;
const BODYLESS_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export const INPUT_MESSAGES = {
  nul: "The request contains a character that is not allowed.",
  notJson: "Send the request body as JSON (Content-Type: application/json).",
} as const;

const badInput = () => new ApiError(400, "BAD_CHARACTER", INPUT_MESSAGES.nul);
const notJson = () => new ApiError(415, "UNSUPPORTED_MEDIA_TYPE", INPUT_MESSAGES.notJson);

/** Whether a Content-Type header names JSON (parameters such as charset aside). */
export const isJsonType = (contentType: string | null | undefined): boolean =>
  contentType != null && JSON_TYPE.test(contentType.split(";")[0]!.trim());

/**
 * Whether a request carries at least one byte of body: what its headers
 * declare, or else (chunked, or a test's web Request) a read copy, which
 * the body limit in app.ts bounds.
 */
async function hasBody(c: Context): Promise<boolean> {
  const length = declaredLength(c);
  if (length !== undefined) return length > 0;
  const req = c.req.raw;
  if (req.body === null) return false;
  return (await req.clone().arrayBuffer()).byteLength > 0;
}

/** '%00' in any spelling, or a NUL that arrived undecoded. */
const ENCODED_NUL = /%00|\u0000/i;

/**
 * A string PostgreSQL can store and every reader can decode: no NUL (text
 * columns refuse it, which would be a 500) and no lone surrogate (it would
 * be stored as U+FFFD, not as what was sent).
 */
export function isStorableText(s: string): boolean {
  return !s.includes("\u0000") && !LONE_SURROGATE.test(s);
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Every key and string in a parsed JSON value, however deep (a loop: no recursion limit). */
function allStorable(root: unknown): boolean {
  const stack = [root];
  while (stack.length > 0) {
    const value = stack.pop();
    if (typeof value === "string") {
      if (!isStorableText(value)) return false;
    } else if (typeof value === "object" && value !== null) {
      for (const [key, v] of Object.entries(value)) {
        if (!isStorableText(key)) return false;
        stack.push(v);
      }
    }
  }
  return true;
}

/**
 * Refuses, before any handler runs, what no route accepts: a NUL in the path
 * or query (400), a body that is not JSON or names no type (415), and a JSON body with a NUL
 * or a lone surrogate in any string (400). Routes that take raw bytes (the
 * picture upload) are exempt from the body rules. A body that is not valid
 * JSON is left to the route, which answers 400 in its own words.
 */
export const apiInputGuards = (rawBodyPaths: RegExp) =>
  createMiddleware(async (c, next) => {
    const url = c.req.url;
    if (ENCODED_NUL.test(url)) throw badInput();
    if (BODYLESS_METHODS.has(c.req.method) || rawBodyPaths.test(c.req.path)) return next();
    const contentType = c.req.header("content-type");
    if (contentType === undefined) {
      // A write without a body (sign-out, a toggle) needs no type. One with a
      // body but no type is refused like any other non-JSON body: routes that
      // read the body anyway (auth.routes.ts's readEmail, better-auth) would
      // otherwise take it unchecked, NUL and all (a 500 on PostgreSQL).
      if (await hasBody(c)) throw notJson();
      return next();
    }
    if (!isJsonType(contentType)) throw notJson();
    // Read once, into Hono's cache: the handlers' validators parse this text
    // without reading again, and the Node adapter reads a body of declared
    // length straight from the socket, without a web Request and its
    // streams (docs/performance.md). The auth routes hand better-auth a
    // Request rebuilt from it (withReadBody in auth.routes.ts).
    const text = await c.req.text();
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return next();
    }
    if (!allStorable(parsed)) throw badInput();
    return next();
  });
