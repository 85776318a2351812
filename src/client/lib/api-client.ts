import { type ClientResponse, hc } from "hono/client";
import type { AppType } from "#server/app.ts";
import type { SuccessBody } from "#server/api-types.ts";

/** An API failure carrying the server's `{ error: { code, message } }`. */
export class ApiClientError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

interface ErrorShape {
  error?: { code?: string; message?: string; fields?: Record<string, string> };
  // better-auth answers errors as { code, message } at the top level.
  code?: string;
  message?: string;
}

const API_BASE = "/api";

/** Same-origin fetch with the session cookie; a network failure becomes an ApiClientError. */
async function send(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set("Accept", "application/json");
  try {
    // Looked up on each call (not captured), so tests can stub the global fetch.
    return await fetch(input, { credentials: "same-origin", ...init, headers });
  } catch {
    throw new ApiClientError(0, "NETWORK", "Could not reach the server. Check your connection.");
  }
}

/**
 * The typed API client: every path, parameter, body and answer comes from
 * the server's routes (AppType), so a change there that breaks a caller here
 * fails the type check. Path parameters go through `pathParams`.
 */
export const api = hc<AppType>(API_BASE, { fetch: send });

/**
 * A typed call's options for an answer whole, castaways past the member's
 * spoiler horizon included (`?spoilers=show`, docs/product.md, "Spoiler
 * horizon"): asked for after a tap on a hidden entry.
 */
export const spoilersShown = (whole: boolean) =>
  whole
    ? {
        fetch: ((input: RequestInfo | URL, init?: RequestInit) => {
          const url = new URL(String(input), window.location.origin);
          url.searchParams.set("spoilers", "show");
          return send(`${url.pathname}${url.search}`, init);
        }) as typeof fetch,
      }
    : undefined;

/** An endpoint's address for what cannot go through fetch (EventSource). */
export const apiAddress = (endpoint: { $path(): string }) => `${API_BASE}${endpoint.$path()}`;

/** Path parameters, encoded (the typed client puts them into the path as given). */
export function pathParams<P extends Record<string, string>>(params: P): P {
  const encoded: Record<string, string> = {};
  for (const [key, value] of Object.entries(params)) encoded[key] = encodeURIComponent(value);
  return encoded as P;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

async function failure(response: Response): Promise<ApiClientError> {
  const shape = ((await readBody(response)) ?? {}) as ErrorShape;
  return new ApiClientError(
    response.status,
    shape.error?.code ?? shape.code ?? `HTTP_${response.status}`,
    shape.error?.message ?? shape.message ?? response.statusText,
    shape.error?.fields,
  );
}

/** The answer of a typed call on success; an ApiClientError otherwise. */
export async function readJson<R extends ClientResponse<unknown, number, string>>(
  request: Promise<R>,
): Promise<SuccessBody<R>> {
  const response = await request;
  if (!response.ok) throw await failure(response as unknown as Response);
  // The type is the route's own declaration (SuccessBody of its response).
  return (await readBody(response as unknown as Response)) as SuccessBody<R>;
}

/** The bytes of a typed call's answer (an image) on success; an ApiClientError otherwise. */
export async function readBlob(request: Promise<{ ok: boolean; blob(): Promise<Blob> }>): Promise<Blob> {
  const response = await request;
  if (!response.ok) throw await failure(response as unknown as Response);
  return response.blob();
}

/** For calls whose answer carries nothing to read (204s, better-auth's writes). */
export async function expectOk(request: Promise<{ ok: boolean }>): Promise<void> {
  const response = await request;
  if (!response.ok) throw await failure(response as unknown as Response);
}

/**
 * A POST to one of better-auth's own endpoints (/api/auth/...). They are not
 * ours to type (see docs/decisions/009-typed-api-contract.md): each path is
 * named once, in the feature that calls it (features/auth/api, features/account/api),
 * and only what is used of an answer is read.
 */
export function authPost(path: `/api/auth/${string}`, json: unknown): Promise<unknown> {
  return send(path, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(json),
  }).then(async (response) => {
    if (!response.ok) throw await failure(response);
    return readBody(response);
  });
}
