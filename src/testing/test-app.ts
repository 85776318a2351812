import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type App, createApp } from "#server/app.ts";
import { createMediaService } from "#server/media/media.service.ts";
import { createLocalStorage } from "#server/storage/local-storage.ts";
import type { FileStorage } from "#server/storage/storage.ts";
import { type Auth, createAuth } from "#server/auth/auth.ts";
import { adminEmails, parseEnv } from "#server/env.ts";
import { createLogger } from "#server/logger.ts";
import type { Mail, Mailer } from "#server/mail/mailer.ts";
import { createProcessLink, type ProcessLink } from "#server/events/process-link.ts";
import type { RateLimiter } from "#server/rate-limit/rate-limiter.ts";
import type { Store } from "#server/store.ts";
import { createShareRenderer, type ShareRenderer } from "#server/share-drawing/share-render-pool.ts";
import { createTestDatabase, type TestDatabase } from "./test-db.ts";
import type { RefresherOptions } from "#server/modules/consensus/consensus-refresher.ts";

export const TEST_ORIGIN = "http://localhost:3000";

export interface TestApp {
  app: App;
  auth: Auth;
  database: TestDatabase;
  link: ProcessLink;
  /** The app's database, caches and domain events: what its services take. */
  store: Store;
  /** The app's rate limits (clearAll between tests that spend them). */
  limits: RateLimiter;
  storage: FileStorage;
  /** Draws share pictures (SHARE_RENDER_THREADS and SHARE_RENDER_QUEUE in `env`); closed by close(). */
  shareRenderer: ShareRenderer;
  /** Mails the server sent, newest last. */
  outbox: Mail[];
  /**
   * A request through the whole app, with the Origin header a browser sends;
   * `from` is the client's address (else "unknown", as app.request has no socket).
   */
  request(
    path: string,
    init?: RequestInit & { json?: unknown; cookie?: string; from?: string },
  ): Promise<Response>;
  /** Signs a new user up; returns its session cookie and id. */
  signUp(email: string, password?: string, name?: string): Promise<TestUser>;
  signIn(email: string, password?: string): Promise<TestUser>;
  close(): Promise<void>;
}

export interface TestUser {
  id: string;
  name: string;
  email: string;
  cookie: string;
}

export const TEST_PASSWORD = "correct-horse-battery";

export interface TestAppOptions<Emails extends readonly string[]> {
  /** Environment variables on top of the test defaults. */
  env?: Record<string, string>;
  /** Users to sign up (with TEST_PASSWORD) before the app is returned; their sessions are in `users`. */
  users?: Emails;
  /** Where pictures go; a fresh temporary folder when left out. */
  storage?: FileStorage;
  /** The app's public address (PUBLIC_URL); requests send its origin. */
  publicUrl?: string;
  /** A built client to serve (index.html, assets/); the API alone when left out. */
  clientDir?: string;
  /** False: an app that caches nothing (the reference a cached answer is compared with). */
  caching?: boolean;
  /** An existing database to use instead of a fresh one (it is not disposed by close). */
  database?: TestDatabase;
  /** Keep the Community Consensus computed, with these timings; left out, nothing computes it. */
  consensus?: RefresherOptions;
}

/** The app; `users` holds one signed-up user per email of `options.users`, in that order. */
export async function createTestApp<const Emails extends readonly string[] = []>(
  options: TestAppOptions<Emails> = {},
): Promise<TestApp & { users: { [K in keyof Emails]: TestUser } }> {
  const origin = options.publicUrl ? new URL(options.publicUrl).origin : TEST_ORIGIN;
  const database = options.database ?? (await createTestDatabase());
  const env = parseEnv({ DATA_DIR: "/nonexistent", LOG_LEVEL: "silent", ...options.env });
  const outbox: Mail[] = [];
  const mailer: Mailer = {
    async send(mail) {
      outbox.push(mail);
    },
  };
  const auth = createAuth({
    db: database.db,
    secret: "test-secret-test-secret-test-secret-0123",
    baseURL: origin,
    trustedOrigins: [origin],
    mailer,
    initialPicture: () => media.randomHeadshotUrl(),
  });
  const logger = createLogger("silent");
  const media = createMediaService({ env, db: database.db, logger });
  const link = await createProcessLink(database.pool, logger);
  const filesDir = options.storage ? null : mkdtempSync(join(tmpdir(), "sr-files-"));
  const storage = options.storage ?? createLocalStorage(filesDir!);
  const shareRenderer = createShareRenderer({
    threads: env.SHARE_RENDER_THREADS,
    queue: env.SHARE_RENDER_QUEUE,
  });
  const app = createApp({
    env,
    database,
    auth,
    mailer,
    logger,
    link,
    storage,
    shareRenderer,
    media,
    publicUrl: origin,
    clientDir: options.clientDir ?? null,
    admins: adminEmails(env),
    caching: options.caching ?? true,
    consensusRefresh: options.consensus,
  });

  const request: TestApp["request"] = (path, init = {}) => {
    const { json, cookie, headers, from, ...rest } = init;
    const h = new Headers(headers);
    // Unless the test sets its own; "none" sends none at all, as curl does.
    if (!h.has("Origin")) h.set("Origin", origin);
    if (h.get("Origin") === "none") h.delete("Origin");
    if (cookie) h.set("Cookie", cookie);
    if (json !== undefined) h.set("Content-Type", "application/json");
    // What @hono/node-server's connection info reads of a real request's socket.
    const bindings = from ? { incoming: { socket: { remoteAddress: from, remotePort: 1 } } } : undefined;
    return Promise.resolve(
      app.request(
        `${origin}${path}`,
        {
          ...rest,
          headers: h,
          ...(json !== undefined ? { body: JSON.stringify(json), method: rest.method ?? "POST" } : {}),
        },
        bindings,
      ),
    );
  };

  const sessionFrom = async (res: Response, email: string): Promise<TestUser> => {
    if (!res.ok) throw new Error(`auth failed for ${email}: ${res.status} ${await res.text()}`);
    const body = (await res.json()) as { user: { id: string; name: string; email: string } };
    const cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    return { id: body.user.id, name: body.user.name, email: body.user.email, cookie };
  };

  const testApp: TestApp = {
    app,
    auth,
    database,
    link,
    store: app.deps.store,
    limits: app.deps.limits,
    storage,
    shareRenderer,
    outbox,
    request,
    async signUp(email, password = TEST_PASSWORD, name) {
      const res = await request("/api/auth/sign-up/email", {
        json: { email, password, name: name ?? email.split("@")[0] },
      });
      return sessionFrom(res, email);
    },
    async signIn(email, password = TEST_PASSWORD) {
      const res = await request("/api/auth/sign-in/email", { json: { email, password } });
      return sessionFrom(res, email);
    },
    async close() {
      await shareRenderer.close();
      await app.deps.consensus?.close();
      await app.deps.store.events.flush();
      await link.close();
      if (!options.database) await database.dispose();
      if (filesDir) rmSync(filesDir, { recursive: true, force: true });
    },
  };

  const users: TestUser[] = [];
  try {
    // One after another, so the users are created in the order the test names them.
    for (const email of options.users ?? []) users.push(await testApp.signUp(email));
  } catch (error) {
    // The caller never gets the app to close, so its database would outlive the test.
    await testApp.close();
    throw error;
  }
  return { ...testApp, users: users as { [K in keyof Emails]: TestUser } };
}
