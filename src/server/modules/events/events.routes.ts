import { Hono } from "hono";
import { streamSSE } from "hono/streaming";
import type { AppDeps } from "../../app-deps.ts";
import { clientIp } from "../../http/client-ip.ts";
import type { AppEnv } from "../../http/context.ts";
import { ApiError, tooManyRequests } from "../../http/errors.ts";
import type { LiveEvent } from "../../realtime/live-events.ts";
import { MAX_STREAM_TOPICS, MAX_TOPIC_LENGTH } from "#shared/live-topics.ts";

const KEEPALIVE_MS = 25_000;

/**
 * Each open stream holds memory and a socket. One per tab is the client's
 * rule; these caps (per process) bound what a script can hold open: per
 * account, per address (every stream, members' too: one address signed in
 * as many accounts must not take every place; wider than per account, as
 * people share addresses), and in all. An address never gets more than half
 * of all places.
 */
export const EVENT_STREAM_CAPS = { perUser: 10, perAddress: 50, total: 2000 } as const;
export const EVENT_STREAMS_MESSAGE = "Too many open live-update connections. Close some tabs and try again.";

export interface StreamCaps {
  perUser: number;
  perAddress: number;
  total: number;
}

/** The caps of a server whose total may be configured (EVENT_STREAMS_MAX). */
export function streamCaps(total: number = EVENT_STREAM_CAPS.total): StreamCaps {
  return {
    perUser: EVENT_STREAM_CAPS.perUser,
    perAddress: Math.max(1, Math.min(EVENT_STREAM_CAPS.perAddress, Math.floor(total / 2))),
    total,
  };
}

/** Open streams by holder and in all. */
export function streamCounter(caps: StreamCaps) {
  const open = new Map<string, number>();
  let total = 0;
  const count = (holder: string) => open.get(holder) ?? 0;
  const add = (holder: string, by: number) => {
    const n = count(holder) + by;
    if (n > 0) open.set(holder, n);
    else open.delete(holder);
  };
  return {
    /**
     * Takes a place for a stream from `address` (signed in as `userId`, or
     * a visitor), or null when a cap is reached; the result gives it back once.
     */
    take(address: string, userId: string | null): (() => void) | null {
      const holders = [`ip:${address}`, ...(userId ? [`user:${userId}`] : [])];
      if (total >= caps.total || count(holders[0]!) >= caps.perAddress) return null;
      if (userId && count(holders[1]!) >= caps.perUser) return null;
      for (const h of holders) add(h, 1);
      total++;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        total--;
        for (const h of holders) add(h, -1);
      };
    },
  };
}

export const EVENT_TOPICS_MESSAGE = `A live-update connection names at most ${MAX_STREAM_TOPICS} topics of at most ${MAX_TOPIC_LENGTH} characters each.`;

/**
 * The topics a page listens to (?topic=a&topic=b; src/shared/live-topics.ts),
 * or null when there are too many or one is too long. A topic nobody
 * publishes on is harmless: it never hears anything.
 */
export function streamTopics(named: readonly string[] | undefined): readonly string[] | null {
  const topics = named ?? [];
  if (topics.length > MAX_STREAM_TOPICS) return null;
  if (topics.some((t) => t.length === 0 || t.length > MAX_TOPIC_LENGTH)) return null;
  return topics;
}

/**
 * One Server-Sent-Events stream per tab: the public events of the topics its
 * page named, and the signed-in member's private ones.
 */
export function eventsRoutes(deps: AppDeps) {
  const streams = streamCounter(streamCaps(deps.env.EVENT_STREAMS_MAX));
  return new Hono<AppEnv>().get("/", (c) => {
    const topics = streamTopics(c.req.queries("topic"));
    if (!topics) throw new ApiError(400, "BAD_TOPICS", EVENT_TOPICS_MESSAGE);
    const userId = c.get("user")?.id ?? null;
    const release = streams.take(clientIp(c), userId);
    if (!release) throw tooManyRequests(EVENT_STREAMS_MESSAGE);
    c.header("Cache-Control", "no-store");
    c.header("X-Accel-Buffering", "no");
    return streamSSE(c, async (stream) => {
      const queue: LiveEvent[] = [];
      let wake: (() => void) | null = null;
      const unsubscribe = deps.live.subscribe({ userId, topics }, (event) => {
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
          let keepAlive: NodeJS.Timeout | undefined;
          await new Promise<void>((resolve) => {
            wake = resolve;
            keepAlive = setTimeout(resolve, KEEPALIVE_MS);
          });
          // Woken by an event: the keep-alive timer goes (thousands of streams, each woken often, would pile them up).
          clearTimeout(keepAlive);
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
