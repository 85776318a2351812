type Level = "error" | "info" | "debug";
const rank: Record<Level | "silent", number> = { silent: 0, error: 1, info: 2, debug: 3 };

export interface Logger {
  error(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  debug(msg: string, fields?: Record<string, unknown>): void;
}

/** One JSON line per event on stdout, so logs can be read by machines and grep. */
export function createLogger(level: Level | "silent" = "info"): Logger {
  const write = (l: Level, msg: string, fields?: Record<string, unknown>) => {
    if (rank[l] > rank[level]) return;
    const line = JSON.stringify({ time: new Date().toISOString(), level: l, msg, ...fields });
    if (l === "error") process.stderr.write(line + "\n");
    else process.stdout.write(line + "\n");
  };
  return {
    error: (m, f) => write("error", m, f),
    info: (m, f) => write("info", m, f),
    debug: (m, f) => write("debug", m, f),
  };
}
