type Level = "error" | "info" | "debug";
const rank: Record<Level | "silent", number> = { silent: 0, error: 1, info: 2, debug: 3 };

export interface Logger {
  error(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  debug(msg: string, fields?: Record<string, unknown>): void;
}

export const REDACTED = "[redacted]";

/** Fields whose name says they hold a secret: their value is never written, whatever it is. */
const SECRET_KEY = /pass(word)?|secret|token|cookie|authori[sz]ation|session|credential|api[-_]?key/i;

/**
 * Secrets that travel inside other text: a reset link in a mail, an
 * Authorization or Cookie header in an error message, the parameters of a
 * failed query (which may be a password hash or a session token).
 */
export const SECRET_TEXT: readonly [RegExp, string][] = [
  [/\b(Bearer|Basic)\s+[\w\-.~+/=]+/gi, `$1 ${REDACTED}`],
  [/\b(authorization|cookie|set-cookie)(["']?\s*[:=]\s*["']?)[^"'\n]+/gi, `$1$2${REDACTED}`],
  [/([\w.-]*session_token|[\w.-]*session_data)=[^;,\s"']+/gi, `$1=${REDACTED}`],
  [/\b(token|password|secret|code|key|signature)=[^&\s"']+/gi, `$1=${REDACTED}`],
  [/(\/reset-password\/|\/verify-email\/)[^/?#\s"']+/gi, `$1${REDACTED}`],
  [/(\bparams: ).*/g, `$1${REDACTED}`],
];

/**
 * Every text a SECRET_TEXT pattern can match contains one of these (each
 * pattern needs its own keyword, an "=" or the "params: " prefix), and
 * almost no log text does: one scan instead of six for a request's fields.
 * Adding a pattern means adding its keyword here; the test checks it.
 */
export const MAY_HOLD_SECRET =
  /bearer|basic|authorization|cookie|=|\/reset-password\/|\/verify-email\/|params: /i;

export function redactText(text: string): string {
  if (!MAY_HOLD_SECRET.test(text)) return text;
  let out = text;
  for (const [pattern, replacement] of SECRET_TEXT) out = out.replace(pattern, replacement);
  return out;
}

/** A copy of `value` with every secret replaced; what the logger writes. */
export function redact(value: unknown, depth = 0): unknown {
  if (typeof value === "string") return redactText(value);
  if (value === null || typeof value !== "object") return value;
  if (depth > 6) return "[too deep]";
  if (value instanceof Error) return redactText(value.stack ?? value.message);
  if (Array.isArray(value)) return value.map((v) => redact(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = SECRET_KEY.test(k) ? REDACTED : redact(v, depth + 1);
  return out;
}

/**
 * Lines for stdout, written together once per turn of the event loop: a busy
 * server logs dozens of requests a turn, and one write for each was a system
 * call (and a wake-up of whatever reads the pipe) per request. Errors are
 * written at once, after what is waiting, so a crash loses no error and the
 * order stays readable; what is waiting is written as the process exits.
 */
const waiting: string[] = [];
let flushScheduled = false;
let flushesOnExit = false;

function flushWaiting() {
  flushScheduled = false;
  if (waiting.length === 0) return;
  const text = waiting.join("");
  waiting.length = 0;
  process.stdout.write(text);
}

function writeLine(level: Level, line: string) {
  if (level === "error") {
    flushWaiting();
    process.stderr.write(line + "\n");
    return;
  }
  waiting.push(line + "\n");
  if (flushScheduled) return;
  flushScheduled = true;
  setImmediate(flushWaiting);
  if (!flushesOnExit) {
    flushesOnExit = true;
    process.on("exit", flushWaiting);
  }
}

/**
 * One JSON line per event on stdout, so logs can be read by machines and
 * grep. Every line passes through `redact`, so a careless field or error
 * message cannot put a password, token or cookie in the log.
 */
export function createLogger(
  level: Level | "silent" = "info",
  out: (level: Level, line: string) => void = writeLine,
): Logger {
  const write = (l: Level, msg: string, fields?: Record<string, unknown>) => {
    if (rank[l] > rank[level]) return;
    const safe = redact({ msg, ...fields }) as Record<string, unknown>;
    out(l, JSON.stringify({ time: new Date().toISOString(), level: l, ...safe }));
  };
  return {
    error: (m, f) => write("error", m, f),
    info: (m, f) => write("info", m, f),
    debug: (m, f) => write("debug", m, f),
  };
}
