import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";

/** The peer's address, the key of per-address rate limits ("unknown" under app.request in tests). */
export function clientIp(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    return "unknown";
  }
}
