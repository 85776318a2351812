import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { threadId } from "node:worker_threads";
import { buildServer } from "#server/server-bundle.ts";

const root = fileURLToPath(new URL("../..", import.meta.url));

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  stdout(): string;
  stderr(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

let bundled: Promise<string> | null = null;

/**
 * Removes the bundles of test processes that are gone: one killed (a
 * timeout, Ctrl-C) never ran its exit handler. A directory is named
 * `<pid>-<thread>`; a process that still answers signal 0 keeps its own.
 */
export function sweepLeftoverBundles(parent: string): void {
  let names: string[];
  try {
    names = readdirSync(parent);
  } catch {
    return;
  }
  for (const name of names) {
    const pid = Number(name.split("-")[0]);
    if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) continue;
    try {
      process.kill(pid, 0);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ESRCH") {
        rmSync(join(parent, name), { recursive: true, force: true });
      }
    }
  }
}

/**
 * The server bundled as `npm run build` bundles it, once per test process and
 * into a file of its own (test files run in parallel processes and threads).
 */
export function serverBundle(): Promise<string> {
  bundled ??= (async () => {
    const parent = join(root, "node_modules", ".cache", "sr-server");
    sweepLeftoverBundles(parent);
    const dir = join(parent, `${process.pid}-${threadId}`);
    process.once("exit", () => rmSync(dir, { recursive: true, force: true }));
    await buildServer(join(dir, "main.js"));
    return join(dir, "main.js");
  })();
  return bundled;
}

/**
 * The environment `npm start` gives the server beyond the caller's: glibc's
 * malloc arenas capped (docs/performance.md, "Memory: two malloc arenas")
 * and its blocks of a megabyte or more given back when freed ("Large
 * blocks given back"), each unless the operator set it.
 * Read from the start script itself, so a server started here cannot drift
 * from one an install runs.
 */
export function startScriptEnv(startScript: string): Record<string, string> {
  const settings = [...startScript.matchAll(/\b([A-Z_]+)=\$\{\1:-([^}]*)\}/g)].map(([, name, value]) => [
    name!,
    value!,
  ]);
  if (!settings.some(([name]) => name === "MALLOC_ARENA_MAX")) {
    throw new Error(`the start script no longer sets MALLOC_ARENA_MAX: ${startScript}`);
  }
  return Object.fromEntries(settings);
}

/**
 * The options `npm start` gives Node itself (source maps, and V8's young
 * generation kept small: docs/performance.md, "V8's heap kept near what is
 * live"), read from the start script like its environment.
 */
export function startScriptNodeArgs(startScript: string): string[] {
  const line = /\bnode((?: --\S+)*) dist\/server\/main\.js/.exec(startScript);
  if (!line)
    throw new Error(`the start script no longer runs node [options] dist/server/main.js: ${startScript}`);
  return line[1]!.split(" ").filter(Boolean);
}

/** `npm start`'s shell line, as package.json has it. */
export const START_SCRIPT = (
  JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { scripts: { start: string } }
).scripts.start;

const running = new Set<ChildProcess>();

/**
 * Kills the child when this process ends, however it ends short of a signal
 * (an uncaught error included). A server left behind by a bench that failed
 * kept most of a core busy and slowed every measurement after it
 * (docs/performance.md, "Where a PGlite request's time goes now").
 */
export function endsWithThisProcess(child: ChildProcess): void {
  running.add(child);
  child.once("exit", () => running.delete(child));
}
process.on("exit", () => {
  for (const child of running) child.kill("SIGKILL");
});

/**
 * The real server as `npm start` runs it (node dist/server/main.js with the
 * start script's options, bundled from the current sources), with only the
 * environment given (PORT=0 picks a free port); resolves once it says where
 * it listens. `nodeArgs` go to Node itself (the bench's --cpu-prof).
 */
export async function launchServer(
  env: Record<string, string>,
  timeoutMs = 150_000,
  nodeArgs: string[] = [],
): Promise<ServerProcess> {
  const args = [...nodeArgs, ...startScriptNodeArgs(START_SCRIPT), await serverBundle()];
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      PORT: "0",
      LOG_LEVEL: "info",
      ...startScriptEnv(START_SCRIPT),
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  endsWithThisProcess(child);
  let stdout = "";
  let stderr = "";
  child.stdout!.on("data", (d: Buffer) => (stdout += d.toString()));
  child.stderr!.on("data", (d: Buffer) => (stderr += d.toString()));
  let gone: { code: number | null; signal: NodeJS.Signals | null } | null = null;
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((res) =>
    child.on("exit", (code, signal) => res((gone = { code, signal }))),
  );
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const match = /Survivor Rankings is running at (\S+)/.exec(stdout);
    if (match) return { child, url: match[1]!, stdout: () => stdout, stderr: () => stderr, exited };
    if (gone) throw new Error(`server exited (${JSON.stringify(gone)}): ${stderr}`);
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`server did not start: ${stdout} ${stderr}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A JSON request as a browser on the server's own page sends it (better-auth wants the Origin). */
export function call(
  base: string,
  path: string,
  init: { method?: string; json?: unknown; cookie?: string } = {},
) {
  return fetch(`${base}${path}`, {
    method: init.method ?? (init.json !== undefined ? "POST" : "GET"),
    headers: {
      Origin: base,
      ...(init.json !== undefined ? { "Content-Type": "application/json" } : {}),
      ...(init.cookie ? { Cookie: init.cookie } : {}),
    },
    ...(init.json !== undefined ? { body: JSON.stringify(init.json) } : {}),
  });
}

/** Signs a new member up; returns the session cookie and id. */
export async function signUpMember(base: string, email: string): Promise<{ id: string; cookie: string }> {
  const res = await call(base, "/api/auth/sign-up/email", {
    json: { email, password: "correct-horse-battery", name: email.split("@")[0] },
  });
  if (!res.ok) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { user: { id: string } };
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  return { id: body.user.id, cookie };
}
