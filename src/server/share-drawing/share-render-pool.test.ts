import { afterEach, describe, expect, it } from "vitest";
import { parseEnv } from "#server/env.ts";
import { headshotSvg } from "#server/media/generated-images.ts";
import { SHARE_SIZES } from "#shared/share-images.ts";
import { pngSize } from "#testing/png-size.ts";
import { SVG_PICTURE, type ShareCard } from "./share-layout.ts";
import { createShareRenderer, type ShareRenderer, ShareRendererBusy } from "./share-render-pool.ts";

const standIn = `${SVG_PICTURE}${Buffer.from(headshotSvg("s1-richard-hatch", "Richard Hatch")).toString("base64")}`;
const card = (over: Partial<ShareCard> = {}): ShareCard => ({
  title: "Drawn elsewhere",
  author: "Ann",
  entries: [
    { rank: 1, name: "Richard Hatch", detail: "Survivor: Borneo", picture: standIn },
    { rank: 2, name: "Parvati Shallow", detail: null, picture: null },
  ],
  totalEntries: 2,
  layout: "classic",
  size: "preview",
  ...over,
});

describe("the share renderer", () => {
  let renderer: ShareRenderer | null = null;
  afterEach(async () => {
    await renderer?.close();
    renderer = null;
  });

  it("starts no thread before the first picture, draws in a worker thread, and stops it on close", async () => {
    renderer = createShareRenderer({ threads: 1, queue: 4 });
    expect(renderer.threads).toBe(0);
    const png = await renderer.render(async () => card());
    expect(pngSize(png)).toEqual(SHARE_SIZES.preview);
    expect(renderer.threads).toBe(1);

    await renderer.close();
    expect(renderer.threads).toBe(0);
    await expect(renderer.render(async () => card())).rejects.toThrow("closed");
  });

  it("refuses a picture past the queue at once, with a time to come back, and takes one again once there is room", async () => {
    renderer = createShareRenderer({ threads: 1, queue: 1 });
    const drawing = renderer.render(async () => card());
    const waiting = renderer.render(async () => card({ layout: "beach" }));
    let cardAsked = false;
    const refused = renderer.render(async () => {
      cardAsked = true;
      return card({ size: "portrait" });
    });
    await expect(refused).rejects.toBeInstanceOf(ShareRendererBusy);
    // Refused before its card was put together: no database reads for a refusal.
    expect(cardAsked).toBe(false);
    const busy = (await refused.catch((e: unknown) => e)) as ShareRendererBusy;
    expect(busy.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(busy.retryAfterSeconds).toBeLessThanOrEqual(60);

    for (const png of await Promise.all([drawing, waiting])) {
      expect(pngSize(png)).toEqual(SHARE_SIZES.preview);
    }
    expect(pngSize(await renderer.render(async () => card({ size: "portrait" })))).toEqual(
      SHARE_SIZES.portrait,
    );
  });

  it("refuses the pictures still waiting when it is closed, and lets the one being drawn finish", async () => {
    renderer = createShareRenderer({ threads: 1, queue: 3 });
    // The first thread is up once this answers, so the next picture is being drawn when close() comes.
    await renderer.render(async () => card());
    const drawing = renderer.render(async () => card({ title: "Being drawn" }));
    const waiting = renderer.render(async () => card({ title: "Still waiting" })).catch((e: unknown) => e);
    let cardReady = () => {};
    const gathering = renderer
      .render(async () => {
        await new Promise<void>((r) => (cardReady = r));
        return card({ title: "Still being put together" });
      })
      .catch((e: unknown) => e);
    // The first two cards are with the pool once their promises have settled.
    await new Promise((r) => setImmediate(r));
    const closed = renderer.close();
    cardReady();
    expect(pngSize(await drawing)).toEqual(SHARE_SIZES.preview);
    expect(await waiting).toBeInstanceOf(Error);
    expect(await gathering).toBeInstanceOf(Error);
    await closed;
    expect(renderer.threads).toBe(0);
  });
});

describe("SHARE_RENDER_THREADS and SHARE_RENDER_QUEUE", () => {
  const env = (vars: Record<string, string>) => parseEnv({ DATA_DIR: "/nonexistent", ...vars });

  it("are whole numbers, at least one thread, and unset by default", () => {
    expect(env({})).toMatchObject({ SHARE_RENDER_THREADS: undefined, SHARE_RENDER_QUEUE: undefined });
    expect(env({ SHARE_RENDER_THREADS: "2", SHARE_RENDER_QUEUE: "0" })).toMatchObject({
      SHARE_RENDER_THREADS: 2,
      SHARE_RENDER_QUEUE: 0,
    });
    expect(() => env({ SHARE_RENDER_THREADS: "0" })).toThrow("SHARE_RENDER_THREADS");
    expect(() => env({ SHARE_RENDER_QUEUE: "-1" })).toThrow("SHARE_RENDER_QUEUE");
    expect(() => env({ SHARE_RENDER_QUEUE: "lots" })).toThrow("SHARE_RENDER_QUEUE");
  });
});
