import { createMiddleware } from "hono/factory";
import type { AppEnv } from "./context.ts";
import { matchedRoute } from "./matched-route.ts";
import type { Logger } from "../logger.ts";

export const requestLogger = (logger: Logger) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const started = performance.now();
    await next();
    const fields = {
      requestId: c.get("requestId"),
      method: c.req.method,
      // The path may carry a token (a reset link); the logger redacts it.
      path: c.req.path,
      route: matchedRoute(c),
      status: c.res.status,
      ms: Math.round((performance.now() - started) * 10) / 10,
    };
    // Static files would drown the log; they are logged at debug level.
    if (c.req.path.startsWith("/api/")) logger.info("request", fields);
    else logger.debug("request", fields);
  });
