import { Hono } from "hono";
import type { AppDeps, AppEnv } from "../http/context.ts";

export function mediaRoutes(_deps: AppDeps) {
  return new Hono<AppEnv>();
}
