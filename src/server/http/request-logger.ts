import { createMiddleware } from "hono/factory";
import type { AppEnv } from "./context.ts";
import type { Logger } from "../logger.ts";

export const requestLogger = (logger: Logger) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const started = performance.now();
    await next();
    const fields = {
      requestId: c.get("requestId"),
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      ms: Math.round((performance.now() - started) * 10) / 10,
    };
    // Static files would drown the log; they are logged at debug level.
    if (c.req.path.startsWith("/api/")) logger.info("request", fields);
    else logger.debug("request", fields);
  });
