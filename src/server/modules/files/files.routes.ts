import { Hono } from "hono";
import type { AppDeps } from "../../app-deps.ts";
import type { AppEnv } from "../../http/context.ts";
import { notFound } from "../../http/errors.ts";
import { STORAGE_KEY } from "../../storage/storage.ts";

/**
 * Stored pictures (uploads, share images) at /files/{key}. Keys are named by
 * content or version, so a response never goes stale: cached for a year.
 */
export function filesRoutes(deps: Pick<AppDeps, "storage">) {
  return new Hono<AppEnv>().get("/*", async (c) => {
    const key = c.req.path.replace(/^\/files\//, "");
    if (!STORAGE_KEY.test(key)) throw notFound("No such file.");
    const object = await deps.storage.get(key);
    if (!object) throw notFound("No such file.");
    c.header("Cache-Control", "public, max-age=31536000, immutable");
    c.header("Content-Type", object.contentType);
    c.header("X-Content-Type-Options", "nosniff");
    return c.body(new Uint8Array(object.body), 200);
  });
}
