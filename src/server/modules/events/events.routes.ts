import { Hono } from "hono";
import { streamSSE } from "hono/streaming";
import type { AppDeps } from "../../app-deps.ts";
import { clientIp } from "../../http/client-ip.ts";
import type { AppEnv } from "../../http/context.ts";
import { tooManyRequests } from "../../http/errors.ts";
import type { RealtimeEvent } from "../../realtime/hub.ts";

const KEEPALIVE_MS = 25_000;

/**
 * Each open stream holds memory and a socket. One per tab is the client's
 * rule; these caps (per process) bound what a script can hold open: per
 * account, per visitor address (wider: people share addresses), and in all.
 */
export const EVENT_STREAM_CAPS = { perUser: 10, perVisitorAddress: 50, total: 2000 } as const;
export const EVENT_STREAMS_MESSAGE = "Too many open live-update connections. Close some tabs and try again.";

/** Open streams by holder ('user:…' or 'ip:…') and in all. */
function streamCounter(caps: { perUser: number; perVisitorAddress: number; total: number }) {
  const open = new Map<string, number>();
  let total = 0;
  return {
    /** Takes a place for `holder`, or null when a cap is reached; the result gives it back once. */
    take(holder: string, isUser: boolean): (() => void) | null {
      const mine = open.get(holder) ?? 0;
      if (total >= caps.total || mine >= (isUser ? caps.perUser : caps.perVisitorAddress)) return null;
      open.set(holder, mine + 1);
      total++;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        total--;
        const left = (open.get(holder) ?? 1) - 1;
        if (left > 0) open.set(holder, left);
        else open.delete(holder);
      };
    },
  };
}

/** One Server-Sent-Events stream per tab: public events for all, private ones for the signed-in user. */
export function eventsRoutes(deps: AppDeps) {
  const streams = streamCounter({
    ...EVENT_STREAM_CAPS,
    ...(deps.env.EVENT_STREAMS_MAX !== undefined ? { total: deps.env.EVENT_STREAMS_MAX } : {}),
  });
  return new Hono<AppEnv>().get("/", (c) => {
    const userId = c.get("user")?.id ?? null;
    const release = streams.take(userId ? `user:${userId}` : `ip:${clientIp(c)}`, userId !== null);
    if (!release) throw tooManyRequests(EVENT_STREAMS_MESSAGE);
    c.header("Cache-Control", "no-store");
    c.header("X-Accel-Buffering", "no");
    return streamSSE(c, async (stream) => {
      const queue: RealtimeEvent[] = [];
      let wake: (() => void) | null = null;
      const unsubscribe = deps.hub.subscribe(userId, (event) => {
        queue.push(event);
        wake?.();
      });
      let open = true;
      stream.onAbort(() => {
        open = false;
        release();
        unsubscribe();
        wake?.();
      });
      try {
        await stream.writeSSE({ event: "ready", data: "{}" });
        while (open) {
          const event = queue.shift();
          if (event) {
            await stream.writeSSE({ event: event.type, data: JSON.stringify(event.data) });
            continue;
          }
          await new Promise<void>((resolve) => {
            wake = resolve;
            setTimeout(resolve, KEEPALIVE_MS);
          });
          wake = null;
          if (open && queue.length === 0) await stream.writeSSE({ event: "ping", data: "{}" });
        }
      } finally {
        // However it ends (an abort, a write to a closed socket), its place is given back.
        release();
        unsubscribe();
      }
    });
  });
}
