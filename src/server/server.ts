import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import type { Server } from "node:net";
import { serve, type ServerType } from "@hono/node-server";
import { LISTENING_COPIES, listenOnCopies } from "./http/listening-copies.ts";
import { readOnAccept } from "./http/read-on-accept.ts";
import { createApp } from "./app.ts";
import { createAuth } from "./auth/auth.ts";
import { lockDataDir } from "./db/data-dir-lock.ts";
import { type Database, openPglite, openPostgres } from "./db/client.ts";
import { StatementStats } from "./db/statement-stats.ts";
import { adminEmails, type Env } from "./env.ts";
import type { Logger } from "./logger.ts";
import { createMailer } from "./mail/mailer.ts";
import { loadReferenceData } from "./modules/seasons/reference-data.ts";
import { seedReferenceData } from "./modules/seasons/seasons.service.ts";
import { seedCategories } from "./modules/global-rankings/global-rankings.service.ts";
import { assignMissingHeadshots } from "./modules/pictures/pictures.service.ts";
import { createMediaService } from "./media/media.service.ts";
import { createProcessLink } from "./events/process-link.ts";
import { createShareRenderer } from "./share-drawing/share-render-pool.ts";
import { REFRESH_DEFAULTS } from "./modules/consensus/consensus-refresher.ts";
import { resolveAuthSecret } from "./secret.ts";
import { createStorage } from "./storage/create-storage.ts";
import { fromProjectRoot } from "./project-root.ts";

const defaultClientDir = fromProjectRoot("dist/client");

export interface RunningServer {
  url: string;
  port: number;
  stop(): Promise<void>;
}

export interface StartOptions {
  /** The built client to serve; dist/client when it has been built. */
  clientDir?: string | null;
}

/**
 * How long an idle connection stays open for the browser's next request.
 * Node's default is 5 s, so a member who read a page for longer came back
 * on a new connection, and a busy Node process accepts one new connection
 * per turn of its event loop: under load such requests waited seconds
 * (docs/performance.md, "New connections under load"). Browsers keep idle
 * connections for minutes; a minute covers reading a list or a thread.
 * Headers must be allowed longer than that, or Node may time out a request
 * that arrives on a connection just as it would have closed.
 */
export const KEEP_ALIVE_MS = 65_000;
const CONNECTION_OPTIONS = { keepAliveTimeout: KEEP_ALIVE_MS, headersTimeout: KEEP_ALIVE_MS + 1_000 };

/** Opens the database, migrates, seeds, and listens. main.ts and tests share it. */
export async function startServer(
  env: Env,
  logger: Logger,
  options: StartOptions = {},
): Promise<RunningServer> {
  const dataDir = resolve(env.DATA_DIR);
  const releaseLock = env.DATABASE_URL ? () => {} : lockDataDir(dataDir);
  let database: Database | null = null;
  const statementStats = env.DB_STATEMENT_STATS ? new StatementStats() : null;
  // SIGUSR2 writes the counts so far beside the file: a measurement subtracts them to see one window.
  const markStatements = () => statementStats?.writeTo(`${env.DB_STATEMENT_STATS}.mark`);
  if (statementStats) process.on("SIGUSR2", markStatements);
  try {
    database = env.DATABASE_URL
      ? await openPostgres(
          env.DATABASE_URL,
          env.DATABASE_POOL_SIZE,
          (e) => logger.error("database connection lost; reconnecting on next use", { error: e.message }),
          undefined,
          statementStats,
        )
      : await openPglite(join(dataDir, "pglite"), statementStats);
    await database.migrate();
    const seeded = await seedReferenceData(database.db, loadReferenceData());
    await seedCategories(database.db);

    // A pass that held the server for a noticeable time is worth an operator's eye.
    await database.maintain(
      (e) =>
        logger[e.ms >= 100 ? "info" : "debug"]("database maintenance", {
          table: e.table,
          action: e.action,
          why: e.why,
          ms: Math.round(e.ms),
        }),
      (e) => logger.error("database maintenance failed; trying again later", { error: e.message }),
      (warning) => logger.error(warning),
    );
    logger.info("database ready", { kind: database.kind, ...seeded });

    const port = env.PORT;
    const mailer = createMailer({
      smtpUrl: env.SMTP_URL,
      from: env.MAIL_FROM ?? "Survivor Rankings <no-reply@localhost>",
      outboxDir: join(dataDir, "outbox"),
      logger,
    });
    const pair = (id?: string, secret?: string) =>
      id && secret ? { clientId: id, clientSecret: secret } : undefined;
    const clientDir =
      options.clientDir !== undefined
        ? options.clientDir
        : existsSync(join(defaultClientDir, "index.html"))
          ? defaultClientDir
          : null;
    if (!clientDir) logger.info("no client build found: serving the API only (run npm run build)");

    const link = await createProcessLink(database.pool, logger);
    const storage = createStorage(env, dataDir);
    const media = createMediaService({ env, db: database.db, logger });
    await assignMissingHeadshots(database.db, media);
    await storage.check().catch((e: Error) => logger.error("file storage unavailable", { error: e.message }));
    // No thread starts until the first share picture is drawn.
    const shareRenderer = createShareRenderer({
      threads: env.SHARE_RENDER_THREADS,
      queue: env.SHARE_RENDER_QUEUE,
    });
    const listen = (actualPort: number) => {
      const origin = env.PUBLIC_URL ?? `http://localhost:${actualPort}`;
      const auth = createAuth({
        db: database!.db,
        secret: resolveAuthSecret(env.AUTH_SECRET, dataDir),
        baseURL: origin,
        trustedOrigins: [origin, `http://localhost:${actualPort}`, `http://127.0.0.1:${actualPort}`],
        mailer,
        initialPicture: () => media.randomHeadshotUrl(),
        google: pair(env.GOOGLE_CLIENT_ID, env.GOOGLE_CLIENT_SECRET),
        twitter: pair(env.TWITTER_CLIENT_ID, env.TWITTER_CLIENT_SECRET),
        logger,
      });
      return createApp({
        env,
        database: database!,
        auth,
        mailer,
        logger,
        link,
        storage,
        shareRenderer,
        media,
        publicUrl: origin,
        clientDir,
        admins: adminEmails(env),
        consensusRefresh: {
          ...REFRESH_DEFAULTS,
          debounceMs: env.CONSENSUS_REFRESH_MS ?? REFRESH_DEFAULTS.debounceMs,
        },
      });
    };

    // With PORT=0 the port is known only after listening; the app is built for it.
    const actualPort = port === 0 ? await findFreePort() : port;
    const app = listen(actualPort);
    const server: ServerType = await new Promise((res, rej) => {
      const s = serve(
        { fetch: app.fetch, port: actualPort, hostname: env.HOST, serverOptions: CONNECTION_OPTIONS },
        () => res(s),
      );
      s.once("error", rej);
    });
    // A new connection's request is read in the turn that accepts it, on every descriptor.
    readOnAccept(server as Server);
    const closeCopies = await listenOnCopies(server as Server, LISTENING_COPIES).catch((e: Error) => {
      logger.error("listening on copies of the socket failed: one new connection a turn", {
        error: e.message,
      });
      return () => {};
    });
    const url = env.PUBLIC_URL ?? `http://localhost:${actualPort}`;
    logger.info("listening", { url, port: actualPort, host: env.HOST ?? "all interfaces" });

    const db = database;
    return {
      url,
      port: actualPort,
      async stop() {
        await new Promise<void>((res) => {
          closeCopies();
          server.close(() => res());
          // Open keep-alive and SSE connections would hold close() forever.
          (server as { closeAllConnections?: () => void }).closeAllConnections?.();
        });
        await shareRenderer.close();
        await app.deps.consensus?.close();
        // What this process wrote, the others hear before it goes.
        await app.deps.store.events.flush();
        await link.close();
        await db.close();
        releaseLock();
        if (env.DB_STATEMENT_STATS) {
          process.off("SIGUSR2", markStatements);
          statementStats?.writeTo(env.DB_STATEMENT_STATS);
        }
      },
    };
  } catch (e) {
    await database?.close().catch(() => {});
    releaseLock();
    throw e;
  }
}

async function findFreePort(): Promise<number> {
  const { createServer } = await import("node:net");
  return new Promise((res, rej) => {
    const s = createServer();
    s.once("error", rej);
    s.listen(0, "127.0.0.1", () => {
      const address = s.address();
      const p = typeof address === "object" && address ? address.port : 0;
      s.close(() => res(p));
    });
  });
}
