import { Hono } from "hono";
import type { AppDeps } from "../../app-deps.ts";
import type { AppEnv } from "../../http/context.ts";
import { cached } from "../browse/browse-cache.ts";
import { robotsTxt, sitemapXml } from "./crawlers.service.ts";

/** Crawlers read the sitemap rarely; one build serves them all for a while. */
const SITEMAP_TTL_MS = 10 * 60_000;

/** /robots.txt and /sitemap.xml for search engines. */
export function crawlersRoutes(deps: AppDeps) {
  const { db } = deps.database;
  return new Hono<AppEnv>()
    .get("/robots.txt", (c) => {
      c.header("Cache-Control", "public, max-age=86400");
      return c.text(robotsTxt(deps.publicUrl));
    })
    .get("/sitemap.xml", async (c) => {
      const xml = await cached(db, "sitemap", SITEMAP_TTL_MS, () => sitemapXml(db, deps.publicUrl));
      c.header("Cache-Control", "public, max-age=3600");
      return c.body(xml, 200, { "Content-Type": "application/xml; charset=utf-8" });
    });
}
