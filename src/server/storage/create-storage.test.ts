import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { parseEnv } from "#server/env.ts";
import { startTestS3, type TestS3 } from "#testing/s3-server.ts";
import { createStorage, S3_KEYS_TOGETHER } from "./create-storage.ts";

// Which storage the environment picks, tried against a real S3-compatible
// server (s3rver, whose keys are S3RVER / S3RVER).

describe("createStorage", () => {
  let s3: TestS3;
  let endpoint: string;
  let dataDir: string;
  const saved = { id: process.env.AWS_ACCESS_KEY_ID, secret: process.env.AWS_SECRET_ACCESS_KEY };

  beforeAll(async () => {
    s3 = await startTestS3("chosen");
    endpoint = s3.endpoint;
    dataDir = mkdtempSync(join(tmpdir(), "sr-create-storage-"));
  });
  afterEach(() => {
    // The SDK's default chain reads these; put back what the test run had.
    for (const [name, value] of [
      ["AWS_ACCESS_KEY_ID", saved.id],
      ["AWS_SECRET_ACCESS_KEY", saved.secret],
    ] as const) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });
  afterAll(async () => {
    await s3.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const s3Env = (extra: Record<string, string> = {}) =>
    parseEnv({ S3_BUCKET: "chosen", S3_ENDPOINT: endpoint, ...extra });

  it("without S3_BUCKET: files under DATA_DIR/files", async () => {
    const storage = createStorage(parseEnv({}), dataDir);
    expect(storage.kind).toBe("local");
    await storage.put("avatars/u1/local-256.webp", Buffer.from("x"), "image/webp");
    expect(existsSync(join(dataDir, "files", "avatars", "u1", "local-256.webp"))).toBe(true);
  });

  it("with S3_BUCKET and keys: the bucket, with those keys", async () => {
    const storage = createStorage(
      s3Env({ S3_ACCESS_KEY_ID: "S3RVER", S3_SECRET_ACCESS_KEY: "S3RVER" }),
      dataDir,
    );
    expect(storage.kind).toBe("s3");
    await storage.put("avatars/u1/keys-256.webp", Buffer.from("x"), "image/webp");
    expect(await s3.keys()).toContain("avatars/u1/keys-256.webp");
    expect(existsSync(join(dataDir, "files", "avatars", "u1", "keys-256.webp"))).toBe(false);
  });

  it("with S3_BUCKET and no keys: the AWS SDK's default credentials (here AWS_* variables), not empty ones", async () => {
    process.env.AWS_ACCESS_KEY_ID = "S3RVER";
    process.env.AWS_SECRET_ACCESS_KEY = "S3RVER";
    const storage = createStorage(s3Env(), dataDir);
    expect(storage.kind).toBe("s3");
    await storage.check();
    await storage.put("avatars/u1/chain-256.webp", Buffer.from("x"), "image/webp");
    expect(await s3.keys()).toContain("avatars/u1/chain-256.webp");

    // The chain's keys are really the ones used: wrong ones are refused by the server.
    process.env.AWS_ACCESS_KEY_ID = "SOMEONE-ELSE";
    process.env.AWS_SECRET_ACCESS_KEY = "not-the-secret";
    const wrong = createStorage(s3Env(), dataDir);
    await expect(wrong.put("avatars/u1/wrong-256.webp", Buffer.from("x"), "image/webp")).rejects.toThrow();
    expect(await s3.keys()).not.toContain("avatars/u1/wrong-256.webp");
  });

  it("refuses one S3 key without the other", () => {
    expect(() => createStorage(s3Env({ S3_ACCESS_KEY_ID: "S3RVER" }), dataDir)).toThrow(S3_KEYS_TOGETHER);
    expect(() => createStorage(s3Env({ S3_SECRET_ACCESS_KEY: "S3RVER" }), dataDir)).toThrow(S3_KEYS_TOGETHER);
  });
});
