import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { START_SCRIPT, serverBundle, startScriptNodeArgs } from "#testing/server-process.ts";
import { beforeAll, describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "./env.ts";

const root = fileURLToPath(new URL("../..", import.meta.url));

function errorOf(source: Record<string, string>): string {
  try {
    parseEnv(source);
  } catch (e) {
    expect(e).toBeInstanceOf(EnvError);
    return (e as Error).message;
  }
  throw new Error(`parseEnv accepted ${JSON.stringify(source)}`);
}

// Nothing here touches a database: the postgres project need not repeat it.
const skipOnPostgres = process.env.TEST_DB_KIND === "postgres";

describe.skipIf(skipOnPostgres)("parseEnv", () => {
  it("needs nothing: every variable has a default or may stay unset", () => {
    const env = parseEnv({});
    expect(env).toMatchObject({ PORT: 3000, DATA_DIR: "./data", LOG_LEVEL: "info" });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.AUTH_SECRET).toBeUndefined();
    expect(env.PUBLIC_URL).toBeUndefined();
  });

  it("treats an empty or blank variable as unset", () => {
    const env = parseEnv({ PORT: "", DATA_DIR: " ", DATABASE_URL: "", AUTH_SECRET: "", LOG_LEVEL: "" });
    expect(env).toMatchObject({ PORT: 3000, DATA_DIR: "./data", LOG_LEVEL: "info" });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.AUTH_SECRET).toBeUndefined();
  });

  it("reads good values", () => {
    const env = parseEnv({
      PORT: "8080",
      DATABASE_URL: "postgresql://u:p@db.example:5432/app",
      AUTH_SECRET: "x".repeat(32),
      PUBLIC_URL: "https://rankings.example",
      LOG_LEVEL: "debug",
    });
    expect(env.PORT).toBe(8080);
    expect(env.DATABASE_URL).toBe("postgresql://u:p@db.example:5432/app");
    expect(parseEnv({ PORT: "0" }).PORT).toBe(0);
    expect(parseEnv({ DATABASE_URL: "postgres://localhost/x" }).DATABASE_URL).toBe("postgres://localhost/x");
  });

  it("drops PUBLIC_URL's trailing slashes: paths are appended to it", () => {
    expect(parseEnv({ PUBLIC_URL: "https://rankings.example/" }).PUBLIC_URL).toBe("https://rankings.example");
    expect(parseEnv({ PUBLIC_URL: "https://rankings.example//" }).PUBLIC_URL).toBe(
      "https://rankings.example",
    );
    expect(parseEnv({ PUBLIC_URL: "https://example.org/rankings/" }).PUBLIC_URL).toBe(
      "https://example.org/rankings",
    );
    expect(parseEnv({ PUBLIC_URL: "http://localhost:3000" }).PUBLIC_URL).toBe("http://localhost:3000");
  });

  it.each(["abc", "70000", "-1", "3.5", "80abc", "0x50", "1e3"])(
    "rejects PORT=%s in one line naming PORT",
    (v) => {
      const message = errorOf({ PORT: v });
      expect(message).toMatch(/^Invalid environment variable PORT: /);
      expect(message).toContain("port number");
      expect(message).not.toContain("\n");
    },
  );

  it.each(["mysql://localhost/x", "not a url", "localhost:5432"])(
    "rejects DATABASE_URL=%s in one line naming DATABASE_URL",
    (v) => {
      const message = errorOf({ DATABASE_URL: v });
      expect(message).toBe(
        "Invalid environment variable DATABASE_URL: must be a URL (postgres: or postgresql:)",
      );
    },
  );

  it("rejects a short AUTH_SECRET in one line naming it, without echoing the secret", () => {
    const message = errorOf({ AUTH_SECRET: "hunter2-hunter2" });
    expect(message).toBe("Invalid environment variable AUTH_SECRET: must be at least 32 characters");
    expect(message).not.toContain("hunter2");
  });

  it("reads a PostgreSQL pool size", () => {
    expect(parseEnv({ DATABASE_POOL_SIZE: "24" }).DATABASE_POOL_SIZE).toBe(24);
    expect(parseEnv({}).DATABASE_POOL_SIZE).toBeUndefined();
  });

  it("does not echo a DATABASE_URL, which may carry a password", () => {
    expect(errorOf({ DATABASE_URL: "mysql://user:s3cret@db/x" })).not.toContain("s3cret");
  });

  it.each([
    ["PUBLIC_URL", "ftp://example.com"],
    ["SMTP_URL", "http://mail.example"],
    ["LOG_LEVEL", "loud"],
    ["DATABASE_POOL_SIZE", "0"],
    ["DATABASE_POOL_SIZE", "1e3"],
  ])("rejects a bad %s in one line naming it", (name, value) => {
    const message = errorOf({ [name]: value });
    expect(message.startsWith(`Invalid environment variable ${name}: `)).toBe(true);
    expect(message).not.toContain("\n");
  });

  it("reports one variable when several are wrong", () => {
    const message = errorOf({ PORT: "abc", DATABASE_URL: "nope", AUTH_SECRET: "short" });
    expect(message.split("\n")).toHaveLength(1);
    expect(message).toMatch(/^Invalid environment variable (PORT|DATABASE_URL|AUTH_SECRET): /);
  });
});

describe.skipIf(skipOnPostgres)("main.ts with a bad environment", () => {
  let bundle = "";
  beforeAll(async () => {
    bundle = await serverBundle();
  });
  function run(env: Record<string, string>) {
    const child = spawn(process.execPath, [...startScriptNodeArgs(START_SCRIPT), bundle], {
      cwd: root,
      env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    return new Promise<{ code: number | null; stdout: string; stderr: string }>((res) =>
      child.on("close", (code) => res({ code, stdout, stderr })),
    );
  }

  it("exits 1 with one clear line on stderr for PORT=abc, before touching any data", async () => {
    const { code, stdout, stderr } = await run({ PORT: "abc", DATA_DIR: "/nonexistent/never-created" });
    expect(code).toBe(1);
    expect(stdout).toBe("");
    expect(stderr.trimEnd().split("\n")).toEqual([
      "Invalid environment variable PORT: must be a port number from 0 to 65535 (0 picks a free port)",
    ]);
  });

  it("exits 1 with one line for a bad DATABASE_URL", async () => {
    const { code, stderr } = await run({ DATABASE_URL: "mysql://localhost/x" });
    expect(code).toBe(1);
    expect(stderr.trimEnd().split("\n")).toEqual([
      "Invalid environment variable DATABASE_URL: must be a URL (postgres: or postgresql:)",
    ]);
  });
});
