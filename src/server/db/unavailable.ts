/**
 * Whether an error means the database cannot be reached right now (server
 * down, restarting, network cut), rather than that a query was wrong. Those
 * are answered 503: the request may succeed if tried again shortly, and the
 * pool reconnects on its own once the server is back.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  // Drizzle and better-auth wrap the driver's error; the cause chain holds it.
  for (let e = error, depth = 0; e && depth < 8; e = (e as { cause?: unknown }).cause, depth++) {
    if (typeof e !== "object") break;
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === "string" && (NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATE.test(code))) return true;
    if (typeof message === "string" && CONNECTION_MESSAGE.test(message)) return true;
  }
  return false;
}

export const DATABASE_UNAVAILABLE_MESSAGE = "The database is unavailable. Please try again shortly.";

const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);

// Class 08: connection exception; 57P01-57P03: the server is shutting down,
// crashed or is starting; 53300: too many connections.
const UNAVAILABLE_SQLSTATE = /^(08\w{3}|57P0[123]|53300)$/;

// node-postgres says these in words only.
const CONNECTION_MESSAGE =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|is not queryable|connect ECONNREFUSED/i;
