import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { user } from "#server/db/schema/index.ts";
import { parseEnv } from "#server/env.ts";
import { createLogger } from "#server/logger.ts";
import { createMediaService } from "#server/media/media.service.ts";
import { createTestApp, type TestApp } from "#testing/test-app.ts";
import { assignMissingHeadshots } from "./pictures.service.ts";

// At start (server.ts), members from before pictures existed get their random
// headshot, saved as their picture and as the last rolled one.

const HEADSHOT = /^\/media\/headshots\/s([1-9]|[1-3]\d|4[0-6])-/;

describe("assignMissingHeadshots", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const rowsOf = (ids: string[]) =>
    t.database.db
      .select({ id: user.id, url: user.profilePictureUrl, rolled: user.lastRolledHeadshot })
      .from(user)
      .where(inArray(user.id, ids))
      .orderBy(user.id);

  it("gives every member without a picture a headshot, leaves the others, and has nothing to do the second time", async () => {
    const media = createMediaService({
      env: parseEnv({}),
      db: t.database.db,
      logger: createLogger("silent"),
    });
    const [old1, old2, uploader] = await Promise.all(
      ["old1@example.com", "old2@example.com", "up@example.com"].map((e) => t.signUp(e)),
    );
    const uploaded = "/files/avatars/someone/abc-256.webp";
    await t.database.db
      .update(user)
      .set({ profilePictureUrl: null, lastRolledHeadshot: null })
      .where(inArray(user.id, [old1!.id, old2!.id]));
    await t.database.db.update(user).set({ profilePictureUrl: uploaded }).where(eq(user.id, uploader!.id));
    const uploaderBefore = (await rowsOf([uploader!.id]))[0];

    expect(await assignMissingHeadshots(t.database.db, media)).toBe(2);
    for (const row of await rowsOf([old1!.id, old2!.id])) {
      expect(row.url).toMatch(HEADSHOT);
      expect(row.rolled).toBe(row.url);
    }
    expect((await rowsOf([uploader!.id]))[0]).toEqual(uploaderBefore);
    expect(await assignMissingHeadshots(t.database.db, media)).toBe(0);
  });

  it("leaves a member without a picture when the media source has no headshot to give", async () => {
    const late = await t.signUp("late@example.com");
    await t.database.db.update(user).set({ profilePictureUrl: null }).where(eq(user.id, late.id));
    const none = { randomHeadshotUrl: async () => null };
    expect(await assignMissingHeadshots(t.database.db, none)).toBe(1);
    expect((await rowsOf([late.id]))[0]!.url).toBeNull();
  });
});
