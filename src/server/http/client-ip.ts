import { isIP } from "node:net";
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";

/** "::ffff:127.0.0.1" (an IPv4 peer on a dual-stack socket) is 127.0.0.1. */
const plain = (address: string) => address.trim().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, "");

function peerOf(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    return "unknown";
  }
}

/**
 * The address of the person behind a request, the key of per-address rate
 * limits and stream caps: what `trustClientIp` found, else the TCP peer
 * ("unknown" under app.request in tests).
 */
export function clientIp(c: Context): string {
  return (c.get("clientIp") as string | undefined) ?? peerOf(c);
}

/**
 * Behind reverse proxies every request comes from a proxy. When the peer is
 * one of `trusted` (TRUSTED_PROXIES), the client is the right-most address of
 * X-Forwarded-For that is not itself a trusted proxy: the left part of the
 * header is whatever the client chose to send, so it is never believed.
 * A request from anyone else keeps its peer address, whatever it claims.
 */
export function trustClientIp(trusted: readonly string[]) {
  const proxies = new Set(trusted.map(plain));
  return createMiddleware(async (c, next) => {
    if (proxies.size > 0)
      c.set("clientIp", resolveClientIp(peerOf(c), c.req.header("x-forwarded-for"), proxies));
    await next();
  });
}

export function resolveClientIp(
  peer: string,
  forwardedFor: string | undefined,
  proxies: ReadonlySet<string>,
): string {
  let client = plain(peer);
  if (!proxies.has(client) || !forwardedFor) return client;
  const hops = forwardedFor.split(",").map(plain);
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = hops[i]!;
    // A hop that is not an address (a proxy's "unknown", garbage) ends the chain: the last good one stands.
    if (!isIP(hop)) break;
    client = hop;
    if (!proxies.has(hop)) break;
  }
  return client;
}
