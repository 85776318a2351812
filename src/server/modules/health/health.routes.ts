import { sql } from "drizzle-orm";
import { Hono } from "hono";
import type { AppDeps } from "../../app-deps.ts";
import type { AppEnv } from "../../http/context.ts";

export function healthRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().get("/", async (c) => {
    const started = performance.now();
    try {
      await deps.database.db.execute(sql`select 1`);
      const latencyMs = Math.round((performance.now() - started) * 10) / 10;
      return c.json({ status: "ok", database: { kind: deps.database.kind, status: "up", latencyMs } });
    } catch (e) {
      deps.logger.error("health check failed", { error: String(e) });
      return c.json({ status: "error", database: { kind: deps.database.kind, status: "down" } }, 503);
    }
  });
}
