import { Hono } from "hono";
import { streamSSE } from "hono/streaming";
import type { AppDeps } from "../../app-deps.ts";
import type { AppEnv } from "../../http/context.ts";
import type { RealtimeEvent } from "../../realtime/hub.ts";

const KEEPALIVE_MS = 25_000;

/** One Server-Sent-Events stream per tab: public events for all, private ones for the signed-in user. */
export function eventsRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().get("/", (c) => {
    const userId = c.get("user")?.id ?? null;
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
        unsubscribe();
        wake?.();
      });
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
    });
  });
}
