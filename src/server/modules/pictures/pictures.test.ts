import { crc32 } from "node:zlib";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { user } from "#server/db/schema/index.ts";
import type { ErrorBody } from "#server/http/errors.ts";
import { createLocalStorage } from "#server/storage/local-storage.ts";
import type { FileStorage } from "#server/storage/storage.ts";
import { PICTURE_MESSAGES } from "#shared/pictures.ts";
import { startTestS3, type TestS3 } from "#testing/s3-server.ts";
import { createTestApp, type TestApp, type TestUser } from "#testing/test-app.ts";
import { type PictureState, uploadPicture } from "./pictures.service.ts";

const photo = (width = 800, height = 600, r = 200) =>
  sharp({ create: { width, height, channels: 3, background: { r, g: 120, b: 40 } } })
    .jpeg()
    .withMetadata({ exif: { IFD0: { Copyright: "secret-exif-marker" } } })
    .toBuffer();

/** A real 1x1 PNG whose header claims width x height (the CRC fixed), as a decompression bomb would. */
async function claimingPng(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(
    await sharp({ create: { width: 1, height: 1, channels: 3, background: "#000" } })
      .png()
      .toBuffer(),
  );
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)) >>> 0, 29);
  return png;
}

for (const kind of ["local", "s3"] as const) {
  describe(`profile pictures on ${kind} storage`, () => {
    let s3: TestS3 | null = null;
    let t: TestApp;
    let ann: TestUser;
    let ben: TestUser;
    let storage: FileStorage;

    beforeAll(async () => {
      s3 = kind === "s3" ? await startTestS3() : null;
      t = await createTestApp(s3 ? { storage: s3.storage } : {});
      storage = t.storage;
      ann = await t.signUp(`ann-${kind}@example.com`);
      ben = await t.signUp(`ben-${kind}@example.com`);
    });
    afterAll(async () => {
      await t.close();
      await s3?.close();
    });

    const upload = (u: TestUser | null, body: Buffer | string, type = "image/png") =>
      t.request("/api/me/picture", {
        method: "POST",
        body: typeof body === "string" ? body : new Uint8Array(body),
        headers: { "Content-Type": type },
        cookie: u?.cookie,
      });
    const pictureOf = async (u: TestUser) =>
      (await (await t.request("/api/me/picture", { cookie: u.cookie })).json()) as PictureState;
    const errorOf = async (res: Response) => ((await res.json()) as ErrorBody).error;

    it("gives every new member a random castaway headshot", async () => {
      const state = await pictureOf(ann);
      expect(state.url).toMatch(/^\/media\/headshots\/s([1-9]|[1-3]\d|4[0-6])-/);
      expect(state.lastRolledHeadshot).toBe(state.url);
      expect(state.nextRerollAt).toBeNull();
    });

    it("stores an upload as 256 and 64 px WebP without its metadata and drops the old one", async () => {
      const first = await upload(ann, await photo(), "application/octet-stream");
      expect(first.status).toBe(200);
      const one = (await first.json()) as PictureState;
      expect(one.url).toMatch(/^\/files\/avatars\/.+-256\.webp$/);
      const served = await t.request(one.url!);
      expect(served.status).toBe(200);
      expect(served.headers.get("content-type")).toBe("image/webp");
      expect(served.headers.get("cache-control")).toContain("immutable");
      const bytes = Buffer.from(await served.arrayBuffer());
      const meta = await sharp(bytes).metadata();
      expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(["webp", 256, 256, undefined]);
      expect(bytes.includes("secret-exif-marker")).toBe(false);
      const small = await sharp(
        Buffer.from(await (await t.request(one.url!.replace("-256", "-64"))).arrayBuffer()),
      ).metadata();
      expect(small.width).toBe(64);

      const second = (await (
        await upload(ann, await photo(300, 900, 30), "image/jpeg")
      ).json()) as PictureState;
      expect(second.url).not.toBe(one.url);
      expect(await storage.get(one.url!.slice("/files/".length))).toBeNull();
      expect((await t.request(one.url!)).status).toBe(404);
    });

    it("refuses what is not a picture, too big, a bomb, empty, or a visitor's, and keeps the old picture", async () => {
      const before = await pictureOf(ann);
      const cases: [Buffer | string, number, string | null][] = [
        ["just some text, named .png", 400, PICTURE_MESSAGES.invalidFile],
        [(await photo()).subarray(0, 300), 400, PICTURE_MESSAGES.invalidFile],
        [
          `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>`,
          400,
          PICTURE_MESSAGES.invalidFile,
        ],
        [Buffer.alloc(6 * 1024 * 1024, 1), 413, PICTURE_MESSAGES.tooLarge],
        [await claimingPng(20000, 20000), 413, PICTURE_MESSAGES.tooManyPixels],
        [Buffer.alloc(0), 400, PICTURE_MESSAGES.noFileOrUser],
      ];
      for (const [body, status, message] of cases) {
        const res = await upload(ann, body);
        expect(res.status, message ?? "").toBe(status);
        if (message) expect((await errorOf(res)).message).toBe(message);
      }
      expect((await upload(null, await photo())).status).toBe(401);
      expect(await pictureOf(ann)).toEqual(before);
      expect(
        (await t.request(`/api/users/${ben.id}/picture`, { method: "POST", cookie: ann.cookie })).status,
      ).toBe(404);
    });

    it("refuses a second upload while one is running", async () => {
      const bytes = await photo(2000, 2000);
      const results = await Promise.allSettled([
        uploadPicture(t.database.db, storage, ben.id, bytes),
        uploadPicture(t.database.db, storage, ben.id, bytes),
      ]);
      expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected"]);
      expect(((results[1] as PromiseRejectedResult).reason as Error).message).toBe(
        PICTURE_MESSAGES.uploadRunning,
      );
    });

    it("re-rolls once per 24 hours (enforced by the server) and restores the last headshot", async () => {
      const rolled = await t.request("/api/me/picture/reroll", { method: "POST", cookie: ann.cookie });
      expect(rolled.status).toBe(200);
      const state = (await rolled.json()) as PictureState;
      expect(state.url).toMatch(/^\/media\/headshots\//);
      expect(state.lastRolledHeadshot).toBe(state.url);
      expect(state.nextRerollAt).not.toBeNull();
      const early = await t.request("/api/me/picture/reroll", { method: "POST", cookie: ann.cookie });
      expect(early.status).toBe(429);
      expect((await errorOf(early)).message).toBe(PICTURE_MESSAGES.cooldown);
      await upload(ann, await photo());
      const restored = (await (
        await t.request("/api/me/picture/restore", { method: "POST", cookie: ann.cookie })
      ).json()) as PictureState;
      expect(restored.url).toBe(state.lastRolledHeadshot);
      // A day later the cooldown is over.
      await t.database.db
        .update(user)
        .set({ lastRerollTime: new Date(Date.now() - 25 * 3600_000) })
        .where(eq(user.id, ann.id));
      expect((await t.request("/api/me/picture/reroll", { method: "POST", cookie: ann.cookie })).status).toBe(
        200,
      );
      expect((await t.request("/api/me/picture/reroll", { method: "POST" })).status).toBe(401);
    });
  });
}

describe("local storage", () => {
  it("refuses keys that are not ours", async () => {
    const storage = createLocalStorage("/tmp/sr-never-written");
    await expect(storage.put("../../etc/passwd.png", Buffer.from("x"), "image/png")).rejects.toThrow(
      /invalid storage key/,
    );
  });
});
