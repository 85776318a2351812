import type { Auth } from "./auth/auth.ts";
import type { Database } from "./db/client.ts";
import type { Env } from "./env.ts";
import type { Logger } from "./logger.ts";
import type { Mailer } from "./mail/mailer.ts";
import type { MediaService } from "./media/media.service.ts";
import type { ShareRenderer } from "./modules/share/share-render-pool.ts";
import type { RealtimeHub } from "./realtime/hub.ts";
import type { FileStorage } from "./storage/storage.ts";

/**
 * Everything the app is built from, made once by main.ts (or a test) and
 * handed to every module's routes. It sits at the top of src/server because
 * it names the parts of every layer; nothing below imports it but routes.
 */
export interface AppDeps {
  env: Env;
  database: Database;
  auth: Auth;
  mailer: Mailer;
  logger: Logger;
  hub: RealtimeHub;
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
}
