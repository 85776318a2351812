import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv } from "#server/env.ts";
import { createLogger } from "#server/logger.ts";
import { createTestApp, type TestApp } from "#testing/test-app.ts";
import { createMediaService } from "./media.service.ts";

// An operator's HEADSHOTS_DIR in the layout docs/media.md describes, with the usual
// mistakes: odd letter case, a file that is not an image, a bad alias.

let outer: string;
let root: string;
let t: TestApp;

const pixel = (format: "png" | "jpeg" | "webp", r: number) =>
  sharp({ create: { width: 1, height: 1, channels: 3, background: { r, g: 0, b: 0 } } })
    .toFormat(format)
    .toBuffer();

const files: Record<string, Buffer> = {};

beforeAll(async () => {
  outer = await mkdtemp(join(tmpdir(), "media-test-"));
  root = join(outer, "headshots");
  const s1 = join(root, "Headshots", "Season 1");
  const s3 = join(root, "Headshots", "Season 3");
  const s8 = join(root, "Headshots", "Season 8");
  const logos = join(root, "survivor seasons"); // lower case: matched anyway
  for (const dir of [s1, s3, s8, logos]) await mkdir(dir, { recursive: true });

  files.richard = await pixel("png", 1);
  files.kelly = await pixel("jpeg", 2);
  files.susan = await pixel("webp", 3);
  files.gman = await pixel("png", 4);
  files.kim = await pixel("png", 5);
  files.kimJohnson = await pixel("png", 6);
  files.bostonRob = await pixel("png", 7);
  files.logo12 = await pixel("png", 8);
  files.secret = await pixel("png", 9);
  files.placeholder = await pixel("jpeg", 10);
  files.robC = await pixel("png", 11);

  await writeFile(join(s1, "richard.png"), files.richard);
  await writeFile(join(s1, "kelly.jpg"), files.kelly);
  // Named by the slug rather than the first word: found too.
  await writeFile(join(s1, "susan-hawk.webp"), files.susan);
  await writeFile(join(s1, "g-man.png"), files.gman);
  await writeFile(join(s1, "rudy.png"), "this is not an image");
  await writeFile(join(s3, "kim.png"), files.kim);
  await writeFile(join(s3, "kim-johnson.png"), files.kimJohnson);
  await writeFile(join(s8, "BostonRob.PNG"), files.bostonRob);
  await writeFile(join(s8, "rob.png"), files.robC);
  await writeFile(join(logos, "Season 12.png"), files.logo12);
  await writeFile(join(root, "placeholder.jpg"), files.placeholder);
  // Outside HEADSHOTS_DIR: must never be reachable.
  await writeFile(join(outer, "secret.png"), files.secret);
  await writeFile(join(s1, "..", "..", "..", "escape.png"), files.secret);
  await writeFile(
    join(root, "aliases.json"),
    JSON.stringify({
      "s1-gervase-peterson": "g-man.png",
      "  rob   MARIANO ": "bostonrob",
      "s8-rob-cesternino": "rob",
      "s1-colleen-haskell": "../../secret.png",
      "s1-jenna-lewis": "..",
      "s1-dirk-been": "../escape",
    }),
  );

  t = await createTestApp({ env: { HEADSHOTS_DIR: root } });
});

afterAll(async () => {
  await t.close();
  await rm(outer, { recursive: true, force: true });
});

async function expectFile(path: string, type: string, bytes: Buffer) {
  const res = await t.request(path);
  expect(res.status, path).toBe(200);
  expect(res.headers.get("content-type"), path).toBe(type);
  expect(Buffer.from(await res.arrayBuffer()).equals(bytes), `${path} serves the expected file`).toBe(true);
  return res;
}

async function expectDrawn(path: string) {
  const res = await t.request(path);
  expect(res.status, path).toBe(200);
  expect(res.headers.get("content-type"), path).toBe("image/svg+xml; charset=utf-8");
  return res.text();
}

describe("operator images from HEADSHOTS_DIR", () => {
  it("finds a headshot by the lowercased first word of the name", async () => {
    await expectFile("/media/headshots/s1-richard-hatch", "image/png", files.richard!);
    await expectFile("/media/headshots/s1-kelly-wiglesworth", "image/jpeg", files.kelly!);
  });

  it("finds a headshot named by the slug", async () => {
    await expectFile("/media/headshots/s1-susan-hawk", "image/webp", files.susan!);
  });

  it("honours the alias file by appearance id and by full name (case and spacing ignored)", async () => {
    await expectFile("/media/headshots/s1-gervase-peterson", "image/png", files.gman!);
    await expectFile("/media/headshots/s8-rob-mariano", "image/png", files.bostonRob!);
    await expectFile("/media/headshots/s8-rob-cesternino", "image/png", files.robC!);
  });

  it("does not let two castaways of one season share a first-word file", async () => {
    await expectFile("/media/headshots/s3-kim-johnson", "image/png", files.kimJohnson!);
    // kim.png exists, but it could be either Kim: draw Kim Powers instead.
    expect(await expectDrawn("/media/headshots/s3-kim-powers")).toContain(">KP</text>");
  });

  it("draws the castaway when the season folder or the file is missing", async () => {
    expect(await expectDrawn("/media/headshots/s1-sean-kenniff")).toContain(">SK</text>");
    expect(await expectDrawn("/media/headshots/s20-rob-mariano")).toContain(">RM</text>");
  });

  it("draws instead of serving a file that is not an image", async () => {
    expect(await expectDrawn("/media/headshots/s1-rudy-boesch")).toContain(">RB</text>");
  });

  it("serves season logos from 'Survivor Seasons/Season {n}', matching letter case loosely", async () => {
    await expectFile("/media/seasons/s12", "image/png", files.logo12!);
    expect(await expectDrawn("/media/seasons/s13")).toContain(">13</text>");
  });

  it("serves the operator's placeholder when there is one", async () => {
    await expectFile("/media/placeholder", "image/jpeg", files.placeholder!);
  });

  it("never follows an alias out of the season folder", async () => {
    for (const id of ["s1-colleen-haskell", "s1-jenna-lewis", "s1-dirk-been"]) {
      const res = await t.request(`/media/headshots/${id}`);
      expect(res.status, id).toBe(200);
      expect(res.headers.get("content-type"), id).toContain("image/svg+xml");
    }
  });

  it("rejects traversal in the URL", async () => {
    for (const path of [
      "/media/headshots/..%2F..%2Fsecret",
      "/media/headshots/s1-richard-hatch%2F..%2F..%2F..%2Fsecret",
      "/media/seasons/..%2Fsecret",
      "/media/seasons/s12%2F..%2F..%2Fsecret",
    ]) {
      const res = await t.request(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get("content-type"), path).toContain("application/json");
    }
  });

  it("caches operator files and answers 304 to a matching If-None-Match", async () => {
    const first = await expectFile("/media/headshots/s1-richard-hatch", "image/png", files.richard!);
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^"f-[^"]+"$/);
    expect(first.headers.get("cache-control")).toMatch(/^public, max-age=\d{5,}/);
    const again = await t.request("/media/headshots/s1-richard-hatch", {
      headers: { "If-None-Match": etag },
    });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
  });

  it("picks up a file the operator adds later, with a new ETag", async () => {
    const before = await t.request("/media/headshots/s1-sonja-christopher");
    expect(before.headers.get("content-type")).toContain("image/svg+xml");
    const png = await pixel("png", 12);
    await writeFile(join(root, "Headshots", "Season 1", "sonja.png"), png);
    const after = await expectFile("/media/headshots/s1-sonja-christopher", "image/png", png);
    expect(after.headers.get("etag")).not.toBe(before.headers.get("etag"));
  });

  it("picks random headshots among castaways whose file is there", async () => {
    const media = createMediaService({
      env: parseEnv({ HEADSHOTS_DIR: root }),
      db: t.database.db,
      logger: createLogger("silent"),
    });
    const picked = new Set<string>();
    for (let i = 0; i < 30; i++) picked.add((await media.randomHeadshotUrl())!);
    for (const url of picked) expect(url).toMatch(/^\/media\/headshots\/s(1|3|8)-/);
    expect(picked.size).toBeGreaterThan(1);
    expect(picked).not.toContain("/media/headshots/s3-kim-powers");
  });
});
