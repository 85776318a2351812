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
