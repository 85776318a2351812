import { Hono } from "hono";
import type { AppDeps } from "../../app-deps.ts";
import type { AppEnv } from "../../http/context.ts";
import { cachedSitemapXml, robotsTxt } from "./crawlers.service.ts";

/** /robots.txt and /sitemap.xml for search engines. */
export function crawlersRoutes(deps: AppDeps) {
  const { store } = deps;
  return new Hono<AppEnv>()
    .get("/robots.txt", (c) => {
      c.header("Cache-Control", "public, max-age=86400");
      return c.text(robotsTxt(deps.publicUrl));
    })
    .get("/sitemap.xml", async (c) => {
      const xml = await cachedSitemapXml(store, deps.publicUrl);
      c.header("Cache-Control", "public, max-age=3600");
      return c.body(xml, 200, { "Content-Type": "application/xml; charset=utf-8" });
    });
}
