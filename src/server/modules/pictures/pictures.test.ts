import { mkdtempSync, rmSync } from "node:fs";
import { readdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, relative, sep } from "node:path";
import { crc32 } from "node:zlib";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { user } from "#server/db/schema/index.ts";
import { ApiError, type ErrorBody } from "#server/http/errors.ts";
import type {
  BrowsePageDto,
  DiscussionDto,
  InboxDto,
  ListDetailDto,
  PublicProfilePageDto,
  SessionDto,
} from "#server/api-types.ts";
import { createLocalStorage } from "#server/storage/local-storage.ts";
import { createS3Storage } from "#server/storage/s3-storage.ts";
import type { FileStorage } from "#server/storage/storage.ts";
import { PICTURE_MESSAGES } from "#shared/pictures.ts";
import { startTestS3, type TestS3 } from "#testing/s3-server.ts";
import { createTestApp, type TestApp, type TestUser } from "#testing/test-app.ts";
import {
  NOT_YOUR_PICTURE,
  PICTURE_CHANGE_LIMIT,
  UPLOAD_LIMIT,
  UPLOAD_LIMIT_MESSAGE,
} from "./pictures.routes.ts";
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

/**
 * A real PNG cut off halfway through its pixel data (IDAT): its header is
 * whole, so only decoding it shows that it is broken.
 */
async function truncatedPng(): Promise<Buffer> {
  const noise = Buffer.from(Array.from({ length: 200 * 200 * 3 }, (_, i) => (i * 7919) % 251));
  const png = await sharp(noise, { raw: { width: 200, height: 200, channels: 3 } })
    .png()
    .toBuffer();
  const idat = png.indexOf("IDAT");
  const idatLength = png.readUInt32BE(idat - 4);
  expect(idat).toBeGreaterThan(0);
  expect(idatLength).toBeGreaterThan(1000);
  const cut = png.subarray(0, idat + 4 + Math.floor(idatLength / 2));
  // Still a PNG by its header: sharp reads the size without complaint.
  expect((await sharp(cut).metadata()).format).toBe("png");
  return cut;
}

/** Every file under `dir` (temporary ones included), as storage keys, sorted. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)).split(sep).join("/"))
    .sort();
}

for (const kind of ["local", "s3"] as const) {
  describe(`profile pictures on ${kind} storage`, () => {
    let s3: TestS3 | null = null;
    let t: TestApp;
    let ann: TestUser;
    let ben: TestUser;
    let storage: FileStorage;
    let filesDir: string | null = null;

    beforeAll(async () => {
      s3 = kind === "s3" ? await startTestS3() : null;
      filesDir = s3 ? null : mkdtempSync(join(tmpdir(), "sr-pictures-"));
      t = await createTestApp({ storage: s3?.storage ?? createLocalStorage(filesDir!) });
      storage = t.storage;
      ann = await t.signUp(`ann-${kind}@example.com`);
      ben = await t.signUp(`ben-${kind}@example.com`);
    });
    afterAll(async () => {
      await t.close();
      await s3?.close();
      if (filesDir) rmSync(filesDir, { recursive: true, force: true });
    });

    /** What the storage holds, read from the storage itself (the bucket, or the folder with its temporary files). */
    const storedObjects = () => (s3 ? s3.keys() : filesUnder(filesDir!));
    const keysOf = (url: string | null) => {
      const key = url!.slice("/files/".length);
      return [key, key.replace("-256.webp", "-64.webp")].sort();
    };

    /** A member's picture routes; a visitor tries `as`'s. */
    const pictureUrl = (u: { id: string }, action = "") => `/api/users/${u.id}/picture${action}`;
    const upload = (u: TestUser | null, body: Buffer | string, type = "image/png", as: TestUser | null = u) =>
      t.request(pictureUrl(as ?? ann), {
        method: "POST",
        body: typeof body === "string" ? body : new Uint8Array(body),
        headers: { "Content-Type": type },
        cookie: u?.cookie,
      });
    const pictureOf = async (u: TestUser) =>
      (await (await t.request(pictureUrl(u), { cookie: u.cookie })).json()) as PictureState;
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

    it("refuses what is not a picture, too big, a bomb, empty, or a visitor's, keeping the old picture and storage as they were", async () => {
      const cat = await t.signUp(`cat-${kind}@example.com`);
      expect((await upload(cat, await photo())).status).toBe(200);
      const before = await pictureOf(cat);
      const objects = await storedObjects();
      expect(objects).toEqual(expect.arrayContaining(keysOf(before.url)));
      const cases: [string, Buffer | string, number, string][] = [
        ["a text file named .png", "just some text, named .png", 400, PICTURE_MESSAGES.invalidFile],
        ["a truncated JPEG", (await photo()).subarray(0, 300), 400, PICTURE_MESSAGES.invalidFile],
        ["a PNG truncated in its pixel data", await truncatedPng(), 400, PICTURE_MESSAGES.invalidFile],
        [
          "an SVG",
          `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>`,
          400,
          PICTURE_MESSAGES.invalidFile,
        ],
        ["6 MB", Buffer.alloc(6 * 1024 * 1024, 1), 413, PICTURE_MESSAGES.tooLarge],
        ["20000 x 20000 pixels", await claimingPng(20000, 20000), 413, PICTURE_MESSAGES.tooManyPixels],
        ["an empty body", Buffer.alloc(0), 400, PICTURE_MESSAGES.noFileOrUser],
      ];
      for (const [what, body, status, message] of cases) {
        const res = await upload(cat, body);
        expect(res.status, what).toBe(status);
        expect((await errorOf(res)).message, what).toBe(message);
        expect(await pictureOf(cat), what).toEqual(before);
        expect(await storedObjects(), what).toEqual(objects);
      }
      const visitor = await upload(null, await photo(), "image/png", cat);
      expect(visitor.status).toBe(401);
      expect(await storedObjects()).toEqual(objects);
    });

    it("answers 403 for another member's picture routes (401 for a visitor), changing nothing", async () => {
      const bens = await pictureOf(ben);
      const anns = await pictureOf(ann);
      const objects = await storedObjects();
      const attempts: [string, RequestInit][] = [
        [pictureUrl(ben), { method: "GET" }],
        [
          pictureUrl(ben),
          { method: "POST", body: new Uint8Array(await photo()), headers: { "Content-Type": "image/jpeg" } },
        ],
        [pictureUrl(ben, "/reroll"), { method: "POST" }],
        [pictureUrl(ben, "/restore"), { method: "POST" }],
      ];
      for (const [path, init] of attempts) {
        const what = `${init.method} ${path}`;
        const theirs = await t.request(path, { ...init, cookie: ann.cookie });
        expect(theirs.status, what).toBe(403);
        expect(await errorOf(theirs), what).toEqual({ code: "FORBIDDEN", message: NOT_YOUR_PICTURE });
        expect((await t.request(path, init)).status, what).toBe(401);
      }
      // A user id smuggled into the query or headers changes nothing: the path names the picture, the session must own it.
      const own = await t.request(`${pictureUrl(ann, "/restore")}?userId=${ben.id}`, {
        method: "POST",
        cookie: ann.cookie,
        headers: { "X-User-Id": ben.id },
      });
      expect(own.status).toBe(200);
      expect(await pictureOf(ben)).toEqual(bens);
      expect((await pictureOf(ann)).lastRolledHeadshot).toBe(anns.lastRolledHeadshot);
      expect(await storedObjects()).toEqual(
        anns.url?.startsWith("/files/") ? objects.filter((k) => !keysOf(anns.url).includes(k)) : objects,
      );
      // The old address is gone: one way to reach a picture.
      expect((await t.request("/api/me/picture", { cookie: ann.cookie })).status).toBe(404);
    });

    it("answers a second upload while the first is running with 409 and keeps one whole picture", async () => {
      const dee = await t.signUp(`dee-${kind}@example.com`);
      const bytes = await photo(800, 600, 90);
      // The first upload's body arrives slowly: its first part when the server starts reading, the rest when told.
      let reading!: () => void;
      const started = new Promise<void>((resolve) => (reading = resolve));
      let sender!: ReadableStreamDefaultController<Uint8Array>;
      let pulled = false;
      const slowBody = new ReadableStream<Uint8Array>(
        {
          start: (controller) => void (sender = controller),
          pull: (controller) => {
            if (pulled) return;
            pulled = true;
            reading();
            controller.enqueue(new Uint8Array(bytes.subarray(0, 1000)));
          },
        },
        { highWaterMark: 0 },
      );
      const first = t.request(pictureUrl(dee), {
        method: "POST",
        body: slowBody,
        cookie: dee.cookie,
        headers: { "Content-Length": String(bytes.length), "Content-Type": "image/jpeg" },
        duplex: "half",
      } as RequestInit);
      await started;
      const second = await upload(dee, bytes);
      expect(second.status).toBe(409);
      expect((await errorOf(second)).message).toBe(PICTURE_MESSAGES.uploadRunning);
      sender.enqueue(new Uint8Array(bytes.subarray(1000)));
      sender.close();
      expect((await first).status).toBe(200);
      const state = await pictureOf(dee);
      expect((await storedObjects()).filter((k) => k.startsWith(`avatars/${dee.id}/`))).toEqual(
        keysOf(state.url),
      );
    });

    it("refuses a second upload while one is running", async () => {
      const bytes = await photo(2000, 2000);
      const results = await Promise.allSettled([
        uploadPicture(t.store, storage, ben.id, async () => bytes),
        uploadPicture(t.store, storage, ben.id, async () => bytes),
      ]);
      expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected"]);
      expect(((results[1] as PromiseRejectedResult).reason as Error).message).toBe(
        PICTURE_MESSAGES.uploadRunning,
      );
    });

    it("re-rolls once per 24 hours (enforced by the server) and restores the last headshot", async () => {
      const rolled = await t.request(pictureUrl(ann, "/reroll"), { method: "POST", cookie: ann.cookie });
      expect(rolled.status).toBe(200);
      const state = (await rolled.json()) as PictureState;
      expect(state.url).toMatch(/^\/media\/headshots\//);
      expect(state.lastRolledHeadshot).toBe(state.url);
      expect(state.nextRerollAt).not.toBeNull();
      const early = await t.request(pictureUrl(ann, "/reroll"), { method: "POST", cookie: ann.cookie });
      expect(early.status).toBe(429);
      expect((await errorOf(early)).message).toBe(PICTURE_MESSAGES.cooldown);
      await upload(ann, await photo());
      const restored = (await (
        await t.request(pictureUrl(ann, "/restore"), { method: "POST", cookie: ann.cookie })
      ).json()) as PictureState;
      expect(restored.url).toBe(state.lastRolledHeadshot);
      // A day later the cooldown is over.
      await t.database.db
        .update(user)
        .set({ lastRerollTime: new Date(Date.now() - 25 * 3600_000) })
        .where(eq(user.id, ann.id));
      expect(
        (await t.request(pictureUrl(ann, "/reroll"), { method: "POST", cookie: ann.cookie })).status,
      ).toBe(200);
      expect((await t.request(pictureUrl(ann, "/reroll"), { method: "POST" })).status).toBe(401);
      expect((await t.request(pictureUrl(ann, "/restore"), { method: "POST" })).status).toBe(401);
    });

    it("limits uploads per user: 429 with a clear message, the old picture and storage kept", async () => {
      const ida = await t.signUp(`ida-${kind}@example.com`);
      let last: PictureState | null = null;
      for (let i = 0; i < UPLOAD_LIMIT.max; i++) {
        const res = await upload(ida, await photo(48, 48, i * 20));
        expect(res.status).toBe(200);
        last = (await res.json()) as PictureState;
      }
      const objects = await storedObjects();
      const refused = await upload(ida, await photo(48, 48, 250));
      expect(refused.status).toBe(429);
      expect(await errorOf(refused)).toEqual({ code: "RATE_LIMITED", message: UPLOAD_LIMIT_MESSAGE });
      expect(await pictureOf(ida)).toEqual(last);
      expect(await storedObjects()).toEqual(objects);
      // The limit is the uploader's own: another member uploads as usual.
      expect((await upload(ben, await photo(48, 48, 10))).status).toBe(200);
    });

    it("limits restores per user", async () => {
      const hal = await t.signUp(`hal-${kind}@example.com`);
      const restore = () => t.request(pictureUrl(hal, "/restore"), { method: "POST", cookie: hal.cookie });
      for (let i = 0; i < PICTURE_CHANGE_LIMIT.max; i++) expect((await restore()).status).toBe(200);
      const refused = await restore();
      expect(refused.status).toBe(429);
      expect((await errorOf(refused)).code).toBe("RATE_LIMITED");
    });

    it("answers 503 with the not-configured text when the storage cannot be reached, keeping the picture", async () => {
      const eve = await t.signUp(`eve-${kind}@example.com`);
      const before = await pictureOf(eve);
      const unreachable =
        kind === "local"
          ? createLocalStorage("/dev/null/files")
          : createS3Storage({
              endpoint: "http://127.0.0.1:9",
              region: "us-east-1",
              bucket: "pictures",
              accessKeyId: "none",
              secretAccessKey: "none",
              forcePathStyle: true,
            });
      const failed = await uploadPicture(t.store, unreachable, eve.id, () => photo(64, 64)).catch(
        (e: unknown) => e,
      );
      expect(failed).toBeInstanceOf(ApiError);
      expect(failed).toMatchObject({
        status: 503,
        code: "STORAGE_UNAVAILABLE",
        message: PICTURE_MESSAGES.storageUnavailable,
      });
      expect(await pictureOf(eve)).toEqual(before);
    });

    it("shows on list cards, the list page, the profile, comments, the inbox and the session, fresh after a change", async () => {
      const fay = await t.signUp(`fay-${kind}@example.com`);
      const gus = await t.signUp(`gus-${kind}@example.com`);
      const read = async <T>(path: string, cookie?: string) =>
        (await (await t.request(path, { cookie })).json()) as T;
      const newList = async (u: TestUser, item: string) => {
        const res = await t.request("/api/lists", {
          json: { name: "Icons", items: [item] },
          cookie: u.cookie,
        });
        return ((await res.json()) as { list: { id: string } }).list.id;
      };
      const listId = await newList(fay, "s1-richard-hatch");
      const gusListId = await newList(gus, "s2-tina-wesson");
      const commented = await t.request("/api/comments", {
        json: { target: { listUserId: gus.id, listId: gusListId }, text: "Nice one" },
        cookie: fay.cookie,
      });
      expect(commented.status).toBe(201);

      const everywhere = async () => {
        const query = new URLSearchParams({ listUserId: gus.id, listId: gusListId, sort: "new" });
        const comments = await read<DiscussionDto>(`/api/comments?${query}`);
        const browse = await read<BrowsePageDto>("/api/browse");
        const profile = await read<PublicProfilePageDto>(`/api/users/${fay.id}`);
        const inbox = await read<InboxDto>("/api/notifications", gus.cookie);
        return {
          listPage: (await read<{ list: ListDetailDto }>(`/api/lists/${fay.id}/${listId}`)).list
            .userPictureUrl,
          browseCard: browse.lists.find((l) => l.id === listId && l.userId === fay.id)?.userPictureUrl,
          profile: profile.profile.profilePictureUrl,
          profileCard: profile.lists[0]?.userPictureUrl,
          comment: comments.threads[0]?.author?.pictureUrl,
          inbox: inbox.notifications[0]?.actorPictureUrl,
          session: (await read<SessionDto>("/api/auth/get-session", fay.cookie)).user.profilePictureUrl,
        };
      };
      const everywhereIs = (url: string | null) =>
        Object.fromEntries(
          ["listPage", "browseCard", "profile", "profileCard", "comment", "inbox", "session"].map((k) => [
            k,
            url,
          ]),
        );

      const headshot = (await pictureOf(fay)).url;
      expect(headshot).toMatch(/^\/media\/headshots\//);
      expect(await everywhere()).toEqual(everywhereIs(headshot));

      const uploaded = (await (await upload(fay, await photo())).json()) as PictureState;
      expect(uploaded.url).toMatch(/^\/files\//);
      // Read again at once: the few-second caches that browse and comments share were cleared.
      expect(await everywhere()).toEqual(everywhereIs(uploaded.url));
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
