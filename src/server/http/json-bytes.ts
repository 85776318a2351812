import type { Context, TypedResponse } from "hono";

/**
 * JSON text already encoded (a shared answer serialised once), carrying the
 * type it encodes, so a route that sends it still declares its answer's type
 * to the typed client.
 */
export type JsonBytes<T> = Uint8Array<ArrayBuffer> & { readonly encodes?: T };

/** Marks bytes as the JSON encoding of a T; the caller vouches that they are. */
export const asJsonBytes = <T>(bytes: Uint8Array<ArrayBuffer>): JsonBytes<T> => bytes;

/** Sends encoded JSON as a 200, typed as the value it encodes. */
export function sendJsonBytes<T>(c: Context, bytes: JsonBytes<T>): TypedResponse<T, 200, "json"> {
  const response = c.body(bytes, 200, { "Content-Type": "application/json" });
  // Hono types c.json's answers by their value; these bytes are that value's JSON.
  return response as unknown as TypedResponse<T, 200, "json">;
}

const encodedOnce = new WeakMap<object, Uint8Array<ArrayBuffer>>();
// Bytes of their own (Buffer.from would share a pool's slab with others).
const utf8 = new TextEncoder();

/**
 * Sends an answer as JSON, encoded once per object: a cache hands the same
 * object to every reader it suits (a browse page, the home rows, whose
 * readers flagged none of its cards), so most of them are sent bytes
 * already made (JSON was 4 % of the mixed workload's CPU,
 * docs/performance.md). Such objects are never changed in place: a write
 * makes new ones. An answer made for one reader is encoded once too, and
 * its bytes go with it.
 */
export function sendSharedJson<T extends object>(c: Context, value: T): TypedResponse<T, 200, "json"> {
  let bytes = encodedOnce.get(value);
  if (!bytes) {
    bytes = utf8.encode(JSON.stringify(value));
    encodedOnce.set(value, bytes);
  }
  return sendJsonBytes(c, asJsonBytes<T>(bytes));
}
