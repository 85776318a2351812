import { desc } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { lists } from "../../db/schema/index.ts";
import { SITEMAP } from "../../cache/sitemap-cache.ts";
import type { Store } from "../../store.ts";
import { PUBLIC_SCREENS, pathTo } from "#shared/routes.ts";

/** A sitemap file holds at most 50,000 addresses (sitemaps.org); the newest lists go first. */
export const SITEMAP_MAX_LISTS = 49_000;

const escapeXml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c]!,
  );

export function robotsTxt(publicUrl: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    // Signed-in pages and the API are of no use in a search index.
    "Disallow: /api/",
    `Disallow: ${pathTo("myLists")}`,
    `Disallow: ${pathTo("account")}`,
    `Disallow: ${pathTo("login")}`,
    `Sitemap: ${publicUrl}/sitemap.xml`,
    "",
  ].join("\n");
}

/** The sitemap as its declared cache keeps it (cache/sitemap-cache.ts: what it derives from). */
export function cachedSitemapXml(store: Store, publicUrl: string): Promise<string> {
  return store.caches.sitemap.get(SITEMAP, () => sitemapXml(store.db, publicUrl));
}

/** The site's public pages and its newest public lists (every list is public). */
export async function sitemapXml(db: Db, publicUrl: string): Promise<string> {
  const rows = await db
    .select({ userId: lists.userId, id: lists.id, createdAt: lists.createdAt, updatedAt: lists.updatedAt })
    .from(lists)
    // lists_created_idx, read backwards.
    .orderBy(desc(lists.createdAt), desc(lists.userId), desc(lists.id))
    .limit(SITEMAP_MAX_LISTS);
  const url = (path: string, lastmod?: Date) =>
    `  <url><loc>${escapeXml(publicUrl + path)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ""}</url>`;
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">`,
    ...PUBLIC_SCREENS.map((screen) => url(pathTo(screen))),
    ...rows.map((r) => url(pathTo("list", { userId: r.userId, listId: r.id }), new Date(r.updatedAt))),
    `</urlset>`,
    "",
  ].join("\n");
}
