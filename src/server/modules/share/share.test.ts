import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ErrorBody } from "#server/http/errors.ts";
import { SHARE_LAYOUTS, SHARE_SIZES, type ShareSize } from "#shared/share-images.ts";
import { startTestS3, type TestS3 } from "#testing/s3-server.ts";
import { createTestApp, type TestApp, type TestUser } from "#testing/test-app.ts";
import { createList, getListDetail } from "../lists/lists.service.ts";
import { parseEnv } from "#server/env.ts";
import { createLogger } from "#server/logger.ts";
import { createMediaService, type MediaService } from "#server/media/media.service.ts";
import { createShareImages, shareImageKey, type ShareList } from "./share-images.service.ts";
import type { ShareCard } from "../../share-drawing/share-layout.ts";
import type { ListEntry } from "../lists/list-entries.ts";
import { pngSize } from "#testing/png-size.ts";

for (const kind of ["local", "s3"] as const) {
  describe(`GET /api/lists/:userId/:listId/share on ${kind} storage`, () => {
    let s3: TestS3 | null = null;
    let t: TestApp;
    let ann: TestUser;
    let listId: string;

    beforeAll(async () => {
      s3 = kind === "s3" ? await startTestS3() : null;
      t = await createTestApp(s3 ? { storage: s3.storage } : {});
      ann = await t.signUp(`ann-share-${kind}@example.com`);
      const list = await createList(t.store, ann.id, {
        name: "Greatest of all time",
        description: "",
        tags: [],
        items: [
          "s1-richard-hatch",
          "s20-parvati-shallow",
          "s40-tony-vlachos",
          "s7-sandra-diaz-twine",
          "s2-colby-donaldson",
          "s8-rob-mariano",
        ],
      });
      listId = list.id;
    });
    afterAll(async () => {
      await t.close();
      await s3?.close();
    });

    const share = (query = "", init: RequestInit = {}) =>
      t.request(`/api/lists/${ann.id}/${listId}/share${query}`, init);

    it("answers a PNG of each layout and size", async () => {
      for (const layout of SHARE_LAYOUTS) {
        for (const size of Object.keys(SHARE_SIZES) as ShareSize[]) {
          const res = await share(`?layout=${layout}&size=${size}`);
          expect(res.status, `${layout} ${size}`).toBe(200);
          expect(res.headers.get("content-type")).toBe("image/png");
          expect(res.headers.get("cache-control")).toBe("public, max-age=300");
          expect(res.headers.get("etag")).toMatch(new RegExp(`^"share-[\\w-]+-${layout}-${size}"$`));
          expect(pngSize(Buffer.from(await res.arrayBuffer()))).toEqual(SHARE_SIZES[size]);
        }
      }
    });

    it("defaults to the classic portrait picture", async () => {
      const res = await share();
      expect(res.status).toBe(200);
      expect(res.headers.get("etag")).toMatch(/-classic-portrait"$/);
      expect(pngSize(Buffer.from(await res.arrayBuffer()))).toEqual(SHARE_SIZES.portrait);
    });

    it("answers 304 to a matching If-None-Match", async () => {
      const first = await share("?size=preview");
      const etag = first.headers.get("etag")!;
      const again = await share("?size=preview", { headers: { "If-None-Match": etag } });
      expect(again.status).toBe(304);
      expect(again.headers.get("etag")).toBe(etag);
      expect((await again.arrayBuffer()).byteLength).toBe(0);
      const other = await share("?size=preview", { headers: { "If-None-Match": '"something-else"' } });
      expect(other.status).toBe(200);
    });

    it("stores each version under its own name; a new version replaces the older ones", async () => {
      const before = await getListDetail(t.store, ann.id, listId, null);
      const oldKey = shareImageKey(before, "beach", "preview");
      const first = await share("?layout=beach&size=preview");
      expect(await t.storage.get(oldKey)).not.toBeNull();

      await new Promise((r) => setTimeout(r, 5));
      // Saved through the route, as the editor saves: the picture's version changes at once.
      const saved = await t.request(`/api/lists/${ann.id}/${listId}`, {
        method: "PUT",
        cookie: ann.cookie,
        json: {
          name: "Greatest of all time, revised",
          description: "",
          tags: [],
          items: ["s20-parvati-shallow", "s1-richard-hatch"],
        },
      });
      expect(saved.status).toBe(200);
      const after = await getListDetail(t.store, ann.id, listId, null);
      const newKey = shareImageKey(after, "beach", "preview");
      const changed = await share("?layout=beach&size=preview", {
        headers: { "If-None-Match": first.headers.get("etag")! },
      });
      expect(changed.status).toBe(200);
      expect(changed.headers.get("etag")).not.toBe(first.headers.get("etag"));
      expect(newKey).not.toBe(oldKey);
      expect(newKey).toMatch(/^share\/[\w-]+\/\d{13}-[\w-]{16}-beach-preview\.png$/);
      const folder = newKey.slice(0, newKey.lastIndexOf("/") + 1);
      const keys: string[] = [];
      for await (const key of t.storage.keys(folder)) keys.push(key);
      expect(keys).toEqual([newKey]);
    });

    it("replaces the stored pictures when the author is renamed (the list's time unchanged)", async () => {
      const before = await getListDetail(t.store, ann.id, listId, null);
      const oldKey = shareImageKey(before, "classic", "preview");
      expect((await share("?layout=classic&size=preview")).status).toBe(200);
      expect(await t.storage.get(oldKey)).not.toBeNull();
      const renamed = await t.request("/api/me/profile", {
        method: "PATCH",
        cookie: ann.cookie,
        json: { displayName: `Ann renamed ${kind}` },
      });
      expect(renamed.status).toBe(200);
      // The rename's event drops what the share route knew of the list: no wait.
      const after = await getListDetail(t.store, ann.id, listId, null);
      expect(after.updatedAt).toBe(before.updatedAt);
      const newKey = shareImageKey(after, "classic", "preview");
      expect(newKey).not.toBe(oldKey);
      expect((await share("?layout=classic&size=preview")).status).toBe(200);
      expect(await t.storage.get(newKey)).not.toBeNull();
      expect(await t.storage.get(oldKey)).toBeNull();
    });

    describe("the cache", () => {
      const renders: { key: string; card: ShareCard }[] = [];
      const service = (media: MediaService = createMediaService({ env, db: t.database.db, logger })) =>
        createShareImages({
          media,
          storage: t.storage,
          logger,
          shareRenderer: t.shareRenderer,
          onRender: (key, card) => renders.push({ key, card }),
        });
      const env = parseEnv({ DATA_DIR: "/nonexistent", LOG_LEVEL: "silent" });
      const logger = createLogger("silent");
      let list: ShareList;
      let items: ListEntry[];
      const entries = () => Promise.resolve(items);
      /** The keys stored in the list's folder, sorted. */
      const keysIn = async (l: ShareList) => {
        const key = shareImageKey(l, "classic", "preview");
        const keys: string[] = [];
        for await (const k of t.storage.keys(key.slice(0, key.lastIndexOf("/") + 1))) keys.push(k);
        return keys.sort();
      };

      beforeAll(async () => {
        const created = await createList(t.store, ann.id, {
          name: "Cache me",
          description: "",
          tags: [],
          items: [
            "s1-richard-hatch",
            "s2-colby-donaldson",
            "s20-parvati-shallow",
            "s40-tony-vlachos",
            "s7-sandra-diaz-twine",
            "s8-rob-mariano",
          ],
        });
        ({ items, ...list } = await getListDetail(t.store, ann.id, created.id, null));
      });

      it("draws a picture once: a repeat answers from memory", async () => {
        const images = service();
        renders.length = 0;
        const first = await images.png(list, "classic", "preview", entries);
        const again = await images.png(list, "classic", "preview", entries);
        expect(renders).toHaveLength(1);
        expect(again.equals(first)).toBe(true);
        expect(await t.storage.get(shareImageKey(list, "classic", "preview"))).not.toBeNull();
      });

      it("draws once for requests that arrive together", async () => {
        const images = service();
        renders.length = 0;
        const all = await Promise.all(
          Array.from({ length: 6 }, () => images.png(list, "beach", "preview", entries)),
        );
        expect(renders).toHaveLength(1);
        for (const png of all) expect(png.equals(all[0]!)).toBe(true);
      });

      it("after a restart (fresh memory) answers from storage without drawing", async () => {
        const before = await service().png(list, "beach", "portrait", entries);
        renders.length = 0;
        const restarted = await service().png(list, "beach", "portrait", entries);
        expect(renders).toHaveLength(0);
        expect(restarted.equals(before)).toBe(true);
      });

      it("draws a new version again and removes the older version's pictures", async () => {
        const images = service();
        await images.png(list, "classic", "preview", entries);
        const oldKey = shareImageKey(list, "classic", "preview");
        const newer = { ...list, updatedAt: new Date(Date.parse(list.updatedAt) + 1000).toISOString() };
        renders.length = 0;
        await images.png(newer, "classic", "preview", entries);
        expect(renders).toHaveLength(1);
        expect(await t.storage.get(oldKey)).toBeNull();
        expect(await t.storage.get(shareImageKey(newer, "classic", "preview"))).not.toBeNull();
        // A renamed author is a new version too (the name is on the picture), at the
        // same list time: it replaces the old name's pictures all the same.
        await images.png(newer, "beach", "portrait", entries);
        const renamed = { ...newer, userName: "Ann the Second" };
        renders.length = 0;
        await images.png(renamed, "classic", "preview", entries);
        expect(renders).toHaveLength(1);
        expect(await keysIn(renamed)).toEqual([shareImageKey(renamed, "classic", "preview")]);
        // An older version drawn late (a process that had not heard yet) leaves the newer one be.
        await service().png(list, "classic", "portrait", entries);
        expect(await keysIn(renamed)).toContain(shareImageKey(renamed, "classic", "preview"));
      });

      it("draws the first five entries, and a picture that cannot be read as the grey '?'", async () => {
        const media = createMediaService({ env, db: t.database.db, logger });
        const broken: MediaService = {
          ...media,
          headshot: (id) =>
            id === "s2-colby-donaldson" ? Promise.reject(new Error("disk gone")) : media.headshot(id),
        };
        renders.length = 0;
        const png = await service(broken).png(
          { ...list, updatedAt: new Date().toISOString() },
          "classic",
          "portrait",
          entries,
        );
        expect(pngSize(png)).toEqual(SHARE_SIZES.portrait);
        const { card } = renders[0]!;
        expect(card.entries.map((e) => [e.rank, e.name])).toEqual([
          [1, "Richard Hatch"],
          [2, "Colby Donaldson"],
          [3, "Parvati Shallow"],
          [4, "Tony Vlachos"],
          [5, "Sandra Diaz-Twine"],
        ]);
        expect(card.totalEntries).toBe(6);
        expect(card.entries[1]!.picture).toBeNull();
        // A drawn stand-in travels as its SVG; the worker thread rasterises it.
        expect(card.entries[0]!.picture).toMatch(/^data:image\/(png|svg\+xml);base64,/);
      });
    });

    it("answers 404 for an unknown list or user, like the list route", async () => {
      const unknownList = await t.request(`/api/lists/${ann.id}/list_0/share`);
      expect(unknownList.status).toBe(404);
      expect(((await unknownList.json()) as ErrorBody).error.message).toBe("List not found");
      const unknownUser = await t.request(`/api/lists/nobody/list_0/share`);
      expect(unknownUser.status).toBe(404);
      expect(((await unknownUser.json()) as ErrorBody).error.message).toBe("User not found");
    });

    it("removes a list's stored pictures when the list is deleted", async () => {
      const doomed = await createList(t.store, ann.id, {
        name: "Short-lived",
        description: "",
        tags: [],
        items: ["s1-richard-hatch"],
      });
      for (const query of ["?size=preview", "?layout=beach&size=preview"]) {
        expect((await t.request(`/api/lists/${ann.id}/${doomed.id}/share${query}`)).status).toBe(200);
      }
      const detail = await getListDetail(t.store, ann.id, doomed.id, null);
      const key = shareImageKey(detail, "classic", "preview");
      const folder = key.slice(0, key.lastIndexOf("/") + 1);
      const stored = async () => {
        const keys: string[] = [];
        for await (const k of t.storage.keys(folder)) keys.push(k);
        return keys;
      };
      expect(await stored()).toHaveLength(2);
      const deleted = await t.request(`/api/lists/${ann.id}/${doomed.id}`, {
        method: "DELETE",
        cookie: ann.cookie,
      });
      expect(deleted.status).toBe(204);
      expect(await stored()).toEqual([]);
      expect((await t.request(`/api/lists/${ann.id}/${doomed.id}/share`)).status).toBe(404);
    });

    it("answers 400 for an unknown layout or size", async () => {
      for (const query of ["?layout=sunset", "?size=huge", "?layout="]) {
        const res = await share(query);
        expect(res.status, query).toBe(400);
        expect(((await res.json()) as ErrorBody).error.code).toBe("VALIDATION_FAILED");
      }
    });
  });
}

describe("GET /api/lists/:userId/:listId/share when the renderer's queue is full", () => {
  let t: TestApp;
  let ann: TestUser;
  let listId: string;

  beforeAll(async () => {
    // One picture drawn at a time and none waiting: a second at once is refused.
    t = await createTestApp({ env: { SHARE_RENDER_THREADS: "1", SHARE_RENDER_QUEUE: "0" } });
    ann = await t.signUp("ann-share-busy@example.com");
    const list = await createList(t.store, ann.id, {
      name: "Asked for all at once",
      description: "",
      tags: [],
      items: ["s1-richard-hatch", "s20-parvati-shallow"],
    });
    listId = list.id;
  });
  afterAll(async () => {
    await t.close();
  });

  it("answers 503 with Retry-After and a JSON error, and draws the picture when asked again", async () => {
    const variants = SHARE_LAYOUTS.flatMap((layout) =>
      (Object.keys(SHARE_SIZES) as ShareSize[]).map((size) => ({ layout, size })),
    );
    const share = ({ layout, size }: (typeof variants)[number]) =>
      t.request(`/api/lists/${ann.id}/${listId}/share?layout=${layout}&size=${size}`);
    const answers = await Promise.all(variants.map(share));
    const statuses = answers.map((r) => r.status);
    expect(statuses).toContain(200);
    expect(statuses).toContain(503);
    expect(statuses.every((s) => s === 200 || s === 503)).toBe(true);

    for (const [i, res] of answers.entries()) {
      if (res.status !== 503) continue;
      expect(Number(res.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
      // Neither the browser nor a proxy may keep the refusal, nor take it for the picture.
      expect(res.headers.get("cache-control")).toBe("no-store");
      expect(res.headers.get("etag")).toBeNull();
      const body = (await res.json()) as ErrorBody;
      expect(body.error.code).toBe("SHARE_IMAGE_BUSY");
      expect(body.error.message).toMatch(/try again in a few seconds/);

      const again = await share(variants[i]!);
      expect(again.status).toBe(200);
      expect(pngSize(Buffer.from(await again.arrayBuffer()))).toEqual(SHARE_SIZES[variants[i]!.size]);
    }
  });
});
