import type { Auth } from "./auth/auth.ts";
import type { Database } from "./db/client.ts";
import type { Env } from "./env.ts";
import type { ProcessLink } from "./events/process-link.ts";
import type { Logger } from "./logger.ts";
import type { Mailer } from "./mail/mailer.ts";
import type { ConsensusRefresher, RefresherOptions } from "./modules/consensus/consensus-refresher.ts";
import type { MediaService } from "./media/media.service.ts";
import type { RateLimiter } from "./rate-limit/rate-limiter.ts";
import type { LiveEvents } from "./realtime/live-events.ts";
import type { Store } from "./store.ts";
import type { ShareRenderer } from "./share-drawing/share-render-pool.ts";
import type { FileStorage } from "./storage/storage.ts";

/**
 * What an app is built from, made once by the server (server.ts), a test or
 * a benchmark, and handed to createApp.
 */
export interface AppInput {
  env: Env;
  database: Database;
  auth: Auth;
  mailer: Mailer;
  logger: Logger;
  /** The line to the other server processes on the database (none on PGlite). */
  link: ProcessLink;
  /** Headshots and season logos: the operator's files, or drawn ones. */
  media: MediaService;
  /** Uploaded pictures and rendered share images. */
  storage: FileStorage;
  /** Draws share pictures in worker threads; whoever makes it closes it. */
  shareRenderer: ShareRenderer;
  publicUrl: string;
  /** Built client files; null when the API runs alone (tests, dev with Vite). */
  clientDir: string | null;
  admins: Set<string>;
  /** False: nothing is cached, every read asks the database (the coherence test's reference). */
  caching?: boolean;
  /**
   * Keep the Community Consensus computed (the server: REFRESH_DEFAULTS, or
   * CONSENSUS_REFRESH_MS); absent, this app only serves what is stored
   * (most tests).
   */
  consensusRefresh?: RefresherOptions;
}

/**
 * What every module's routes get: the input, and the parts createApp builds
 * from it once per app — the store (database, caches, domain events), the
 * rate limiter and the live event streams. It sits at the top of src/server
 * because it names the parts of every layer; nothing below imports it but
 * routes.
 */
export interface AppDeps extends AppInput {
  store: Store;
  limits: RateLimiter;
  live: LiveEvents;
  /** Null unless the input asked for it; whoever made the app closes it (app.deps.consensus?.close()). */
  consensus: ConsensusRefresher | null;
}
