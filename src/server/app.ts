import { createHash } from "node:crypto";
import { statSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono, type MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { HTTPException } from "hono/http-exception";
import { requestId } from "hono/request-id";
import { secureHeaders } from "hono/secure-headers";
import { authRoutes } from "./modules/auth/auth.routes.ts";
import type { AppDeps, AppInput } from "./app-deps.ts";
import { createSessionReader, SESSION_TRUST_MS, SOLE_PROCESS_TRUST_MS } from "./auth/session-reader.ts";
import type { SessionData } from "./auth/session-reader.ts";
import { buildCache } from "./cache/declare-cache.ts";
import { sessionCache } from "./cache/session-cache.ts";
import { createDomainEvents } from "./events/domain-events.ts";
import { createLiveEvents } from "./realtime/live-events.ts";
import { liveFromDomain } from "./realtime/live-from-domain.ts";
import { createStore } from "./store.ts";
import { type AppEnv, forgetSessionAfterWrites, sessionMiddleware } from "./http/context.ts";
import { ApiError, notFound } from "./http/errors.ts";
import { compression } from "./http/compression.ts";
import { conditionalGet } from "./http/conditional.ts";
import { mountMetrics } from "./http/metrics.ts";
import { apiInputGuards } from "./http/input-guards.ts";
import { declaredLength } from "./http/declared-length.ts";
import { sameOriginWrites, trustedOriginsOf } from "./http/origin-check.ts";
import { requestLogger } from "./http/request-logger.ts";
import { RememberingRouter } from "./http/remembering-router.ts";
import { trustClientIp } from "./http/client-ip.ts";
import { trustedProxies } from "./env.ts";
import { DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from "./db/unavailable.ts";
import { withPageMeta } from "./http/spa-html.ts";
import { withRoutePreloads } from "./http/route-preloads.ts";
import { LruCache } from "./cache/lru-cache.ts";
import { getListDetail, type ListDetail } from "./modules/lists/lists.service.ts";
import { sharePreviewImage } from "./modules/share/share-images.service.ts";
import { listParamsSchema } from "#shared/lists.schema.ts";
import { pathTo, SCREENS } from "#shared/routes.ts";
import { mediaRoutes } from "./modules/media/media.routes.ts";
import { healthRoutes } from "./modules/health/health.routes.ts";
import { browseRoutes } from "./modules/browse/browse.routes.ts";
import { commentsRoutes } from "./modules/comments/comments.routes.ts";
import { consensusRoutes } from "./modules/consensus/consensus.routes.ts";
import { createConsensusRefresher } from "./modules/consensus/consensus-refresher.ts";
import { crawlersRoutes } from "./modules/crawlers/crawlers.routes.ts";
import { filesRoutes } from "./modules/files/files.routes.ts";
import { picturesRoutes } from "./modules/pictures/pictures.routes.ts";
import { globalRankingsRoutes } from "./modules/global-rankings/global-rankings.routes.ts";
import { notificationsRoutes } from "./modules/notifications/notifications.routes.ts";
import { homeRoutes } from "./modules/home/home.routes.ts";
import { listsRoutes } from "./modules/lists/lists.routes.ts";
import { reactionsRoutes } from "./modules/reactions/reactions.routes.ts";
import { referenceListsRoutes } from "./modules/reference-lists/reference-lists.routes.ts";
import { eventsRoutes } from "./modules/events/events.routes.ts";
import { createRateLimiter } from "./rate-limit/rate-limiter.ts";
import { limitEveryWrite } from "./rate-limit/write-limits.ts";
import { meRoutes } from "./modules/profiles/me.routes.ts";
import { isVanishedReference, VANISHED_MESSAGE } from "./db/vanished.ts";
import { accountRoutes } from "./modules/account/account.routes.ts";
import { usersRoutes } from "./modules/profiles/users.routes.ts";
import { seasonsRoutes } from "./modules/seasons/seasons.routes.ts";
import { shareRoutes } from "./modules/share/share.routes.ts";
import { hideSpoilersAfterCache } from "./modules/spoilers/spoiler-filter.ts";

/** JSON bodies are small; a picture upload has its own, larger limit (pictures.routes.ts). */
export const JSON_BODY_LIMIT = 64 * 1024;
const PICTURE_UPLOAD = /^\/api\/users\/[^/]+\/picture\/?$/;

const tooLarge = () => new ApiError(413, "TOO_LARGE", "The request body is too large.");

/**
 * Every body anywhere is limited, except the picture upload's, which its
 * route limits: a declared length is refused (413) before a byte is read,
 * and Node's parser never reads past it; any other body is counted as it
 * streams, and refused as soon as it passes the limit. Only that case goes
 * through Hono's limiter: its look at the body makes @hono/node-server
 * build a full web Request and its streams, a large part of a small
 * write's cost (docs/performance.md), and browsers declare lengths.
 */
const limitCounted = bodyLimit({
  maxSize: JSON_BODY_LIMIT,
  onError: () => {
    throw tooLarge();
  },
});
const limitBodies: MiddlewareHandler = (c, next) => {
  const length = declaredLength(c);
  if (length === undefined) return limitCounted(c, next);
  if (length > JSON_BODY_LIMIT) throw tooLarge();
  return next();
};

/**
 * No GET or HEAD handler reads a body, so those skip the limiter, and an
 * unread body is never buffered.
 */
const readsNoBody = (method: string) => method === "GET" || method === "HEAD";

function apiRoutes(deps: AppDeps) {
  // PGlite's data directory is locked to one process: nothing changes a session behind its back.
  const soleProcess = deps.database.kind === "pglite";
  const sessionTrust = soleProcess ? SOLE_PROCESS_TRUST_MS : SESSION_TRUST_MS;
  const { events } = deps.store;
  const sessionsKnown = buildCache(sessionCache<SessionData>(sessionTrust), {
    events,
    enabled: deps.caching ?? true,
  });
  const sessions = createSessionReader(deps.auth, deps.database.db, events, sessionsKnown);
  const trusted = trustedOriginsOf(deps.publicUrl, deps.auth.options.trustedOrigins as string[] | undefined);
  return new Hono<AppEnv>()
    .use(sameOriginWrites(trusted))
    .use(apiInputGuards(PICTURE_UPLOAD))
    .use(forgetSessionAfterWrites(sessions))
    .route("/auth", authRoutes(deps, sessions))
    .use(sessionMiddleware(sessions))
    .use(hideSpoilersAfterCache(deps.store))
    .use(limitEveryWrite(deps.limits))
    .route("/health", healthRoutes(deps))
    .route("/seasons", seasonsRoutes(deps))
    .route("/lists", listsRoutes(deps))
    .route("/lists", reactionsRoutes(deps))
    .route("/lists", shareRoutes(deps))
    .route("/me", meRoutes(deps))
    .route("/me", accountRoutes(deps, sessions))
    .route("/users", usersRoutes(deps))
    .route("/users", picturesRoutes(deps))
    .route("/browse", browseRoutes(deps))
    .route("/home", homeRoutes(deps))
    .route("/reference-lists", referenceListsRoutes(deps))
    .route("/comments", commentsRoutes(deps))
    .route("/global-rankings", globalRankingsRoutes(deps))
    .route("/consensus", consensusRoutes(deps))
    .route("/notifications", notificationsRoutes(deps))
    .route("/events", eventsRoutes(deps));
}

/**
 * The API's shape: the client's one contract with the server (hc<AppType>
 * in src/client/lib/api-client.ts, response types in src/server/api-types.ts).
 */
export type AppType = ReturnType<typeof apiRoutes>;

const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  // React sets style through the DOM, which CSP allows; inline <style> is not used.
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", "data:", "blob:"],
  fontSrc: ["'self'", "data:"],
  connectSrc: ["'self'"],
  mediaSrc: ["'self'", "blob:"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

/**
 * Builds the app and the parts of it that live as long as it: the domain
 * events (over the input's process link), the store with its caches, the
 * rate limiter, the live streams, which derive their events from the
 * domain events, and (when asked) the consensus refresher.
 */
function appDeps(input: AppInput): AppDeps {
  const events = createDomainEvents(input.link, input.logger);
  const live = createLiveEvents(input.logger);
  liveFromDomain(events, live);
  const store = createStore(input.database.db, events, { caching: input.caching ?? true });
  return {
    ...input,
    store,
    limits: createRateLimiter(input.database.db, { soleProcess: input.database.kind === "pglite" }),
    live,
    consensus: input.consensusRefresh
      ? createConsensusRefresher(store, input.database, input.logger, input.consensusRefresh)
      : null,
  };
}

export type App = ReturnType<typeof createApp>;

export function createApp(input: AppInput) {
  const deps = appDeps(input);
  const app = new Hono<AppEnv>({ router: new RememberingRouter() });
  app.use(requestId());
  app.use(trustClientIp(trustedProxies(deps.env)));
  mountMetrics(app, deps.env.METRICS_TOKEN, deps.database.pool);
  app.use(requestLogger(deps.logger));
  app.use((c, next) =>
    PICTURE_UPLOAD.test(c.req.path) || readsNoBody(c.req.method) ? next() : limitBodies(c, next),
  );
  app.use(compression());
  app.use(
    secureHeaders({
      contentSecurityPolicy: CONTENT_SECURITY_POLICY,
      crossOriginEmbedderPolicy: false,
      // Sign-in with Google or X opens their pages from ours.
      crossOriginOpenerPolicy: "same-origin-allow-popups",
      referrerPolicy: "strict-origin-when-cross-origin",
      // Media SVGs carry a stricter policy of their own; keep it.
      overwrite: false,
      // Over plain HTTP the header means nothing, and would pin a host that
      // later moves to HTTPS on a different setup; send it only behind HTTPS.
      strictTransportSecurity: deps.publicUrl.startsWith("https:")
        ? "max-age=15552000; includeSubDomains"
        : false,
    }),
  );

  app.route("/api", apiRoutes(deps));
  app.all("/api/*", (c) => {
    throw notFound(`No API route ${c.req.method} ${c.req.path}`);
  });
  app.route("/media", mediaRoutes(deps));
  app.route("/files", filesRoutes(deps));
  app.route("/", crawlersRoutes(deps));

  if (deps.clientDir) mountClient(app, deps);

  app.notFound((c) => c.json(notFound().toBody(), 404));
  app.onError((err, c) => {
    if (err instanceof ApiError) return c.json(err.toBody(), err.status);
    if (err instanceof HTTPException) {
      const status = err.status;
      const code = status === 400 ? "BAD_REQUEST" : `HTTP_${status}`;
      return c.json({ error: { code, message: err.message || "Bad request." } }, status);
    }
    if (isDatabaseUnavailable(err)) {
      deps.logger.error("database unavailable", {
        requestId: c.get("requestId"),
        path: c.req.path,
        error: err instanceof Error ? err.message : String(err),
      });
      c.header("Retry-After", "5");
      return c.json({ error: { code: "DATABASE_UNAVAILABLE", message: DATABASE_UNAVAILABLE_MESSAGE } }, 503);
    }
    if (isVanishedReference(err)) {
      deps.logger.info("write refers to a row removed meanwhile", {
        requestId: c.get("requestId"),
        path: c.req.path,
      });
      return c.json({ error: { code: "GONE_MEANWHILE", message: VANISHED_MESSAGE } }, 409);
    }
    deps.logger.error("unhandled error", {
      requestId: c.get("requestId"),
      path: c.req.path,
      error: err instanceof Error ? (err.stack ?? err.message) : String(err),
    });
    return c.json({ error: { code: "INTERNAL", message: "Something went wrong. Please try again." } }, 500);
  });
  return Object.assign(app, { deps });
}

function mountClient(app: Hono<AppEnv>, deps: AppDeps) {
  const clientDir = deps.clientDir!;
  // Files answer a revalidation (Last-Modified) with 304 and no body.
  app.use("*", conditionalGet());
  // Hashed file names never change content: cache them for a year.
  app.use(
    "/assets/*",
    serveStatic({
      root: clientDir,
      precompressed: true,
      onFound: (_path, c) => {
        c.header("Cache-Control", "public, max-age=31536000, immutable");
      },
    }),
  );
  // A file missing under /assets is a stale or mistyped chunk: 404, not the page.
  app.use("/assets/*", () => {
    throw notFound("No such file.");
  });
  const staticFiles = serveStatic<AppEnv>({ root: clientDir, index: "", precompressed: true });
  const isDirectory = (path: string) => {
    try {
      return statSync(join(clientDir, path)).isDirectory();
    } catch {
      return false;
    }
  };
  app.use("*", (c, next) => {
    // "/" would resolve to the directory itself; the SPA route below answers it.
    if (c.req.path === "/") return next();
    // Dot-named files are the build's own (Vite's manifest of every chunk), not the site's.
    if (c.req.path.split("/").some((part) => part.startsWith("."))) throw notFound();
    // Streaming a directory fails mid-response (EISDIR) and drops the connection.
    if (isDirectory(c.req.path)) throw notFound();
    return staticFiles(c, next);
  });
  // Read from disk each time (it is small), like the other static files: a
  // rebuild under a running server must not leave list pages pointing at
  // script files that no longer exist.
  const indexPath = join(clientDir, "index.html");
  // A list's page carries its title, description and picture for link previews.
  app.get(SCREENS.list.path, async (c) => {
    c.header("Cache-Control", "no-cache");
    // The same rule as the API's list path: anything else names no list.
    const params = listParamsSchema.safeParse(c.req.param());
    const indexHtml = await withRoutePreloads(clientDir, await readFile(indexPath, "utf8"), c.req.path);
    if (!params.success) return c.html(indexHtml);
    let list: ListDetail;
    try {
      list = await getListDetail(deps.store, params.data.userId, params.data.listId, null);
    } catch (error) {
      // The page itself still loads; the app shows why there is no list.
      if (!(error instanceof ApiError)) {
        deps.logger.error("list page meta failed", { path: c.req.path, error: String(error) });
      }
      return c.html(indexHtml);
    }
    const entries = list.items
      .slice(0, 3)
      .map((e, i) => `${i + 1}. ${e.name}`)
      .join(", ");
    return c.html(
      withPageMeta(indexHtml, {
        title: `${list.name} by ${list.userName} | Survivor Rankings`,
        description: list.description || (entries ? `A Survivor ranking: ${entries}` : "A Survivor ranking"),
        url: deps.publicUrl + pathTo("list", { userId: list.userId, listId: list.id }),
        image: sharePreviewImage(list, deps.publicUrl),
      }),
    );
  });
  // Every other GET is a client route: the SPA decides (and redirects unknown paths home).
  // The built client does not change while the server runs, so each address's
  // page (index.html, its styles inlined, the route's preloads) is put
  // together once and kept as bytes, which compression then packs once too.
  const pages = new LruCache<{ bytes: Uint8Array<ArrayBuffer>; etag: string }>(
    256,
    16 * 1024 * 1024,
    (p) => p.bytes.length,
  );
  app.get("*", async (c) => {
    const hasQuery = new URL(c.req.url).search.length > 1;
    const key = `${hasQuery ? "?" : ""}${c.req.path}`;
    let page = pages.get(key);
    if (!page) {
      const html = await withRoutePreloads(
        clientDir,
        await readFile(indexPath, "utf8"),
        c.req.path,
        hasQuery,
      );
      page = {
        bytes: new TextEncoder().encode(html),
        etag: `"${createHash("sha1").update(html).digest("base64url")}"`,
      };
      pages.set(key, page);
    }
    c.header("Cache-Control", "no-cache");
    c.header("ETag", page.etag);
    return c.body(page.bytes, 200, { "Content-Type": "text/html; charset=UTF-8" });
  });
}
