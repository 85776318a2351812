import { timingSafeEqual } from "node:crypto";
import type { Context, Hono } from "hono";
import { createMiddleware } from "hono/factory";
import type pg from "pg";
import type * as PromClient from "prom-client";
import type { AppEnv } from "./context.ts";
import { notFound } from "./errors.ts";
import { matchedRoute } from "./matched-route.ts";

/** The SSE endpoint, whose open connections are a gauge of their own. */
const EVENTS_ROUTE = "/api/events";

/**
 * Prometheus metrics, served at GET /metrics only to `Authorization: Bearer
 * METRICS_TOKEN`. Without a token nothing is collected and /metrics is a 404,
 * like any other unknown path.
 */
export function mountMetrics(app: Hono<AppEnv>, token: string | undefined, pool: pg.Pool | null) {
  if (!token) {
    // Registered anyway, so that the client's catch-all page never answers it.
    app.get("/metrics", () => {
      throw notFound();
    });
    return;
  }
  // prom-client is loaded only by a server that serves metrics; the others
  // would load it for nothing (docs/performance.md, "Packages loaded when
  // first needed").
  const loaded = import("prom-client").then((prom) => createMetrics(prom, pool));

  app.use(
    createMiddleware<AppEnv>(async (c, next) => {
      const { duration, requests, errors, streams } = await loaded;
      const end = duration.startTimer();
      await next();
      const route = matchedRoute(c);
      const status = c.res.status;
      end({ method: c.req.method, route });
      requests.inc({ method: c.req.method, route, status: String(status) });
      if (status >= 400) errors.inc({ route, class: status >= 500 ? "5xx" : "4xx" });
      if (route === EVENTS_ROUTE && status === 200 && c.res.body) countStream(c, streams);
    }),
  );

  const expected = Buffer.from(`Bearer ${token}`);
  app.get("/metrics", async (c) => {
    const given = Buffer.from(c.req.header("authorization") ?? "");
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      c.header("WWW-Authenticate", 'Bearer realm="metrics"');
      return c.json({ error: { code: "UNAUTHORIZED", message: "A valid metrics token is required." } }, 401);
    }
    const { registry } = await loaded;
    c.header("Cache-Control", "no-store");
    return c.body(await registry.metrics(), 200, { "Content-Type": registry.contentType });
  });
}

/** The registry and the request metrics, with the process's own (memory, CPU, event loop) and the pool's. */
function createMetrics(prom: typeof PromClient, pool: pg.Pool | null) {
  const registry = new prom.Registry();
  prom.collectDefaultMetrics({ register: registry });
  const requests = new prom.Counter({
    name: "http_requests_total",
    help: "HTTP requests answered, by method, matched route and status code",
    labelNames: ["method", "route", "status"] as const,
    registers: [registry],
  });
  const errors = new prom.Counter({
    name: "http_request_errors_total",
    help: "HTTP requests answered with 4xx or 5xx, by matched route and status class",
    labelNames: ["route", "class"] as const,
    registers: [registry],
  });
  const duration = new prom.Histogram({
    name: "http_request_duration_seconds",
    help: "Time to the response's headers, by method and matched route",
    labelNames: ["method", "route"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const streams = new prom.Gauge({
    name: "sse_connections",
    help: "Open Server-Sent-Events streams (/api/events)",
    registers: [registry],
  });
  if (pool) {
    new prom.Gauge({
      name: "db_pool_connections",
      help: "PostgreSQL pool connections: total open, idle, and requests waiting for one",
      labelNames: ["state"] as const,
      registers: [registry],
      collect() {
        this.set({ state: "total" }, pool.totalCount);
        this.set({ state: "idle" }, pool.idleCount);
        this.set({ state: "waiting" }, pool.waitingCount);
      },
    });
  }
  return { registry, requests, errors, duration, streams };
}

/** Counts an SSE stream from now until the client leaves or the stream ends, whichever is first. */
function countStream(c: Context, gauge: PromClient.Gauge) {
  gauge.inc();
  let open = true;
  const done = () => {
    if (!open) return;
    open = false;
    gauge.dec();
  };
  // The Node adapter aborts the request's signal when the connection closes early.
  c.req.raw.signal.addEventListener("abort", done, { once: true });
  const res = c.res;
  c.res = new Response(res.body!.pipeThrough(new TransformStream({ flush: done })), res);
}
