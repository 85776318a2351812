import { type Context, Hono } from "hono";
import { z } from "zod";
import { appearanceIdSchema, seasonIdSchema } from "#shared/media-urls.schema.ts";
import type { AppDeps } from "../../app-deps.ts";
import type { AppEnv } from "../../http/context.ts";
import { notFound } from "../../http/errors.ts";
import { pathParams } from "../../http/validate.ts";
import type { MediaImage } from "../../media/media.service.ts";

// One day fresh, then a week of serving the old copy while revalidating: an
// operator who adds files sees them within a day, and the ETag makes the
// check cost a 304.
const CACHE_CONTROL = "public, max-age=86400, stale-while-revalidate=604800";
/** Our SVGs have nothing active; if one is opened on its own, nothing may load or run. */
export const SVG_CSP = "default-src 'none'; style-src 'unsafe-inline'";

export function mediaRoutes(deps: Pick<AppDeps, "media">) {
  const { media } = deps;
  return (
    new Hono<AppEnv>()
      .get(
        "/headshots/:id",
        pathParams(
          z.object({ id: appearanceIdSchema }),
          "No such headshot: the id is not a castaway appearance id.",
        ),
        async (c) => send(c, await media.headshot(c.req.valid("param").id)),
      )
      .get(
        "/seasons/:id",
        pathParams(z.object({ id: seasonIdSchema }), "No such season logo: the id is not a season id."),
        async (c) => send(c, await media.seasonLogo(c.req.valid("param").id)),
      )
      .get("/placeholder", async (c) => send(c, await media.placeholder()))
      // Without this, an unknown /media path would fall through to the client's index.html.
      .all("*", () => {
        throw notFound("No such image.");
      })
  );
}

function matches(c: Context, etag: string): boolean {
  const header = c.req.header("If-None-Match");
  if (!header) return false;
  const bare = etag.replace(/^W\//, "");
  return header.split(",").some((t) => {
    const tag = t.trim();
    return tag === "*" || tag.replace(/^W\//, "") === bare;
  });
}

async function send(c: Context, image: MediaImage): Promise<Response> {
  c.header("Cache-Control", CACHE_CONTROL);
  if (image.kind === "file") {
    if (matches(c, image.file.etag)) return notModified(c, image.file.etag);
    const data = await image.file.read();
    if (data) {
      c.header("ETag", image.file.etag);
      c.header("Content-Type", data.contentType);
      return c.body(data.body, 200);
    }
    // A file that is not an image: draw instead, never a broken image.
    image = image.fallback();
    if (image.kind === "file") throw new Error("a fallback image must be drawn");
  }
  c.header("Content-Security-Policy", SVG_CSP);
  if (matches(c, image.etag)) return notModified(c, image.etag);
  c.header("ETag", image.etag);
  c.header("Content-Type", "image/svg+xml; charset=utf-8");
  return c.body(image.svg, 200);
}

function notModified(c: Context, etag: string): Response {
  c.header("ETag", etag);
  return c.body(null, 304);
}
