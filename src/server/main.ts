import { DataDirInUseError } from "./db/data-dir-lock.ts";
import { EnvError, parseEnv } from "./env.ts";
import { keepHeapNearLive } from "./heap-growth.ts";
import { createLogger } from "./logger.ts";
import { startServer } from "./server.ts";

async function main() {
  let env;
  try {
    env = parseEnv(process.env);
  } catch (e) {
    if (e instanceof EnvError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }
  const logger = createLogger(env.LOG_LEVEL);
  if (!env.DATABASE_URL) keepHeapNearLive();
  let server;
  try {
    server = await startServer(env, logger);
  } catch (e) {
    if (e instanceof DataDirInUseError) {
      console.error(e.message);
      process.exit(1);
    }
    logger.error("start-up failed", { error: e instanceof Error ? (e.stack ?? e.message) : String(e) });
    process.exit(1);
  }
  console.log(`Survivor Rankings is running at ${server.url}`);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info("shutting down", { signal });
    const timer = setTimeout(() => {
      logger.error("shutdown timed out; exiting");
      process.exit(1);
    }, 10_000);
    timer.unref();
    await server.stop();
    logger.info("stopped cleanly");
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}

void main();
