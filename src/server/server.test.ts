import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { adminQuery, createScratchDatabase, type ScratchDatabase } from "#testing/scratch-postgres.ts";
import { START_SCRIPT, serverBundle, startScriptNodeArgs } from "#testing/server-process.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// Real server processes, started the way `npm start` starts them, on real
// data directories and databases.

const root = fileURLToPath(new URL("../..", import.meta.url));
const PASSWORD = "correct-horse-battery";

interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

interface ServerProcess {
  child: ChildProcess;
  url: string;
  stdout(): string;
  stderr(): string;
  /** The JSON log line with this message. */
  logLine(msg: string): Record<string, unknown> | undefined;
  exited: Promise<Exit>;
}

const running = new Set<ChildProcess>();
let bundle = "";
beforeAll(async () => {
  bundle = await serverBundle();
});

function spawnServer(env: Record<string, string>) {
  // Only what a shell would hand `npm start`: none of the test runner's variables.
  const child = spawn(process.execPath, [...startScriptNodeArgs(START_SCRIPT), bundle], {
    cwd: root,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", PORT: "0", LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  running.add(child);
  let stdout = "";
  let stderr = "";
  child.stdout!.on("data", (d: Buffer) => (stdout += d.toString()));
  child.stderr!.on("data", (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<Exit>((res) =>
    child.on("exit", (code, signal) => {
      running.delete(child);
      res({ code, signal });
    }),
  );
  return { child, exited, stdout: () => stdout, stderr: () => stderr };
}

/** Starts a server and resolves once it says where it is listening. */
async function launch(env: Record<string, string>): Promise<ServerProcess> {
  const p = spawnServer(env);
  // Generous: a first start creates the database (~5 s idle, far more on a busy machine).
  const deadline = Date.now() + 150_000;
  let exit: Exit | null = null;
  void p.exited.then((e) => (exit = e));
  for (;;) {
    const match = /Survivor Rankings is running at (\S+)/.exec(p.stdout());
    if (match) {
      const url = match[1]!;
      return {
        ...p,
        url,
        logLine: (msg) =>
          p
            .stdout()
            .split("\n")
            .filter((l) => l.startsWith("{"))
            .map((l) => JSON.parse(l) as Record<string, unknown>)
            .find((l) => l.msg === msg),
      };
    }
    if (exit) throw new Error(`server exited (${JSON.stringify(exit)}): ${p.stderr()}`);
    if (Date.now() > deadline) throw new Error(`server did not start: ${p.stdout()} ${p.stderr()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Sends `signal` and waits for the exit; how long it took is part of the answer. */
async function stop(s: ServerProcess, signal: NodeJS.Signals): Promise<Exit & { ms: number }> {
  const started = Date.now();
  s.child.kill(signal);
  const timeout = new Promise<never>((_, rej) =>
    setTimeout(() => rej(new Error(`no exit within 15 s of ${signal}`)), 15_000).unref(),
  );
  const exit = await Promise.race([s.exited, timeout]);
  return { ...exit, ms: Date.now() - started };
}

async function post(base: string, path: string, body: unknown, cookie?: string) {
  return fetch(`${base}${path}`, {
    method: "POST",
    // better-auth refuses a POST without the Origin a browser would send.
    headers: { "Content-Type": "application/json", Origin: base, ...(cookie ? { Cookie: cookie } : {}) },
    body: JSON.stringify(body),
  });
}

function cookieOf(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

async function signUp(base: string, email: string) {
  const res = await post(base, "/api/auth/sign-up/email", {
    email,
    password: PASSWORD,
    name: email.split("@")[0],
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return cookieOf(res);
}

async function signIn(base: string, email: string) {
  return post(base, "/api/auth/sign-in/email", { email, password: PASSWORD });
}

async function sessionEmail(base: string, cookie: string): Promise<string | null> {
  const res = await fetch(`${base}/api/auth/get-session`, { headers: { Cookie: cookie } });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { user?: { email: string } } | null;
  return body?.user?.email ?? null;
}

async function health(base: string) {
  const res = await fetch(`${base}/api/health`);
  return { status: res.status, body: (await res.json()) as { status: string; database: { kind: string } } };
}

afterAll(async () => {
  for (const child of running) child.kill("SIGKILL");
});

// The PGlite lifecycle; the postgres project covers the PostgreSQL side below.
describe.skipIf(process.env.TEST_DB_KIND === "postgres")("a server on the embedded database", () => {
  let dir: string;
  let lockFile: string;
  let first: ServerProcess;
  let firstCookie: string;
  const email = `lifecycle-${randomBytes(3).toString("hex")}@example.com`;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "sr-server-"));
    lockFile = join(dir, "server.lock");
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("starts on a fresh DATA_DIR: creates the database, seeds it, holds the lock, serves", async () => {
    first = await launch({ DATA_DIR: dir });
    expect(first.url).toMatch(/^http:\/\/localhost:\d+$/);
    expect(first.logLine("database ready")).toMatchObject({
      kind: "pglite",
      seasonsWritten: 50,
      castawaysWritten: 917,
    });
    expect(readFileSync(lockFile, "utf8")).toBe(String(first.child.pid));
    expect(existsSync(join(dir, "auth-secret"))).toBe(true);
    const h = await health(first.url);
    expect(h.status).toBe(200);
    expect(h.body.database.kind).toBe("pglite");

    firstCookie = await signUp(first.url, email);
    expect(await sessionEmail(first.url, firstCookie)).toBe(email);
  }, 180_000);

  it("refuses a second process on the same DATA_DIR with one clear line, and the first keeps serving", async () => {
    const second = spawnServer({ DATA_DIR: dir });
    const exit = await second.exited;
    expect(exit.code).toBe(1);
    const lines = second.stderr().trimEnd().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(
      `Data directory ${dir} is in use by another server process (pid ${first.child.pid})`,
    );
    expect(second.stdout()).not.toContain("database ready");

    expect(readFileSync(lockFile, "utf8")).toBe(String(first.child.pid));
    expect((await health(first.url)).status).toBe(200);
    expect((await signIn(first.url, email)).status).toBe(200);
  }, 60_000);

  it("stops cleanly on SIGTERM, within seconds, and removes the lock", async () => {
    const exit = await stop(first, "SIGTERM");
    expect(exit).toMatchObject({ code: 0, signal: null });
    expect(exit.ms).toBeLessThan(5_000);
    expect(first.stdout()).toContain('"msg":"stopped cleanly"');
    expect(first.stderr()).toBe("");
    expect(existsSync(lockFile)).toBe(false);
  }, 30_000);

  const email2 = `killed-${randomBytes(3).toString("hex")}@example.com`;

  it("restarts on the same DATA_DIR: accounts and sessions kept, nothing seeded twice", async () => {
    const again = await launch({ DATA_DIR: dir });
    expect(again.logLine("database ready")).toMatchObject({
      kind: "pglite",
      seasonsWritten: 0,
      castawaysWritten: 0,
    });
    const res = await signIn(again.url, email);
    expect(res.status).toBe(200);
    expect(await sessionEmail(again.url, cookieOf(res))).toBe(email);
    // The session from before the restart is still good: same database, same secret.
    expect(await sessionEmail(again.url, firstCookie)).toBe(email);

    // Then it dies without cleaning up, just after acknowledging a sign-up.
    await signUp(again.url, email2);
    expect(await stop(again, "SIGKILL")).toMatchObject({ signal: "SIGKILL" });
    expect(readFileSync(lockFile, "utf8")).toBe(String(again.child.pid));
  }, 180_000);

  it("takes over the lock the killed server left, keeps what it acknowledged; SIGINT stops cleanly", async () => {
    const next = await launch({ DATA_DIR: dir });
    expect(readFileSync(lockFile, "utf8")).toBe(String(next.child.pid));
    expect(next.logLine("database ready")).toMatchObject({ seasonsWritten: 0, castawaysWritten: 0 });
    expect((await signIn(next.url, email2)).status).toBe(200);
    expect((await signIn(next.url, email)).status).toBe(200);

    const exit = await stop(next, "SIGINT");
    expect(exit).toMatchObject({ code: 0, signal: null });
    expect(exit.ms).toBeLessThan(5_000);
    expect(next.stdout()).toContain('"signal":"SIGINT"');
    expect(existsSync(lockFile)).toBe(false);
  }, 180_000);
});

// Needs a PostgreSQL server; `npm test` runs it when TEST_DATABASE_URL is set.
describe.skipIf(!process.env.TEST_DATABASE_URL || process.env.TEST_DB_KIND !== "postgres")(
  "servers on PostgreSQL",
  () => {
    const adminUrl = process.env.TEST_DATABASE_URL!;
    let scratch: ScratchDatabase;
    let name: string;
    let databaseUrl: string;
    let dir: string;
    let servers: ServerProcess[] = [];
    const admin = (query: string) => adminQuery(adminUrl, query);

    beforeAll(async () => {
      scratch = await createScratchDatabase(adminUrl, "sr_server");
      ({ name, url: databaseUrl } = scratch);
      dir = mkdtempSync(join(tmpdir(), "sr-server-pg-"));
    });
    afterAll(async () => {
      for (const s of servers) s.child.kill("SIGKILL");
      await Promise.all(servers.map((s) => s.exited));
      await scratch.drop();
      rmSync(dir, { recursive: true, force: true });
    });

    it("starts two processes on one fresh database at once: both serve, the data is seeded once", async () => {
      // One DATA_DIR for both, as on one machine: they share its generated auth secret.
      servers = await Promise.all([
        launch({ DATABASE_URL: databaseUrl, DATA_DIR: dir }),
        launch({ DATABASE_URL: databaseUrl, DATA_DIR: dir }),
      ]);
      for (const s of servers) {
        const h = await health(s.url);
        expect(h.status).toBe(200);
        expect(h.body).toMatchObject({ status: "ok", database: { kind: "postgres" } });
      }
      const ready = servers.map((s) => s.logLine("database ready")!);
      expect(ready.every((r) => r.kind === "postgres")).toBe(true);
      const sum = (k: string) => ready.reduce((n, r) => n + (r[k] as number), 0);
      expect(sum("seasonsWritten")).toBe(50);
      expect(sum("castawaysWritten")).toBe(917);
      const seasons = await admin(`SELECT count(*)::int AS n FROM pg_database WHERE datname = '${name}'`);
      expect(seasons.rows[0]).toEqual({ n: 1 });
      // The PGlite lock is not taken on PostgreSQL.
      expect(existsSync(join(dir, "server.lock"))).toBe(false);
    }, 180_000);

    it("shares sessions between the processes", async () => {
      const [a, b] = servers as [ServerProcess, ServerProcess];
      const email = `pg-${randomBytes(3).toString("hex")}@example.com`;
      const cookie = await signUp(a.url, email);
      expect(await sessionEmail(b.url, cookie)).toBe(email);
      expect((await signIn(b.url, email)).status).toBe(200);
    }, 60_000);

    it("delivers an action on one process to an event stream on the other", async () => {
      const [a, b] = servers as [ServerProcess, ServerProcess];
      const ownerCookie = await signUp(a.url, `owner-${randomBytes(3).toString("hex")}@example.com`);
      const fanCookie = await signUp(a.url, `fan-${randomBytes(3).toString("hex")}@example.com`);
      const created = await post(a.url, "/api/lists", { name: "Cross-process", items: ["s1"] }, ownerCookie);
      const { list } = (await created.json()) as { list: { id: string; userId: string } };
      // The owner listens on B; the fan upvotes on A.
      const controller = new AbortController();
      const stream = await fetch(`${b.url}/api/events`, {
        headers: { Cookie: ownerCookie },
        signal: controller.signal,
      });
      const reader = stream.body!.getReader();
      const decoder = new TextDecoder();
      let text = "";
      const received = (async () => {
        while (!text.includes("event: notifications")) {
          const { value, done } = await reader.read();
          if (done) break;
          text += decoder.decode(value);
        }
      })();
      await new Promise((r) => setTimeout(r, 300));
      const vote = await post(a.url, `/api/lists/${list.userId}/${list.id}/upvote`, {}, fanCookie);
      expect(vote.status).toBe(200);
      await Promise.race([received, new Promise((r) => setTimeout(r, 5000))]);
      controller.abort();
      expect(text).toContain("event: notifications");
    }, 60_000);

    it("keeps serving after PostgreSQL drops its connections", async () => {
      await admin(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${name}' AND pid <> pg_backend_pid()`,
      );
      await new Promise((r) => setTimeout(r, 500));
      for (const s of servers) {
        expect(s.child.exitCode, `the server exited: ${s.stderr().slice(0, 1500)}`).toBeNull();
        expect((await health(s.url)).status).toBe(200);
      }
    }, 60_000);

    it("stops both cleanly on SIGTERM", async () => {
      const exits = await Promise.all(servers.map((s) => stop(s, "SIGTERM")));
      for (const e of exits) expect(e).toMatchObject({ code: 0, signal: null });
    }, 60_000);
  },
);
