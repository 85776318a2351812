import { readFileSync } from "node:fs";
import { Resvg } from "@resvg/resvg-js";
import type { ReactNode } from "react";
import satori from "satori";
import { loadSharp } from "../media/sharp-on-demand.ts";
import { SHARE_SIZES, type ShareLayout, type ShareSize } from "#shared/share-images.ts";
import { LruCache } from "../cache/lru-cache.ts";
import { backdropSvg } from "./share-backdrops.ts";
import { PICTURE_PX, SVG_PICTURE, type ShareCard, shareLayout } from "./share-layout.ts";
import { fromProjectRoot } from "../project-root.ts";

// The drawing of a share picture. It runs in the share renderer's worker
// threads (share-render-worker.ts, started by share-render-pool.ts), never on
// the server's main thread, so resvg draws synchronously here: the work
// stays on the worker's own thread, which the pool bounds, instead of
// spreading to libuv's threads, which the main thread needs for files and
// password hashing.

const FONT_DIR = fromProjectRoot("src/server/media/fonts/");
const FONT_FILES = { 400: "inter-latin-400-normal.ttf", 800: "inter-latin-800-normal.ttf" } as const;

// Read once per thread, on its first picture: satori takes the bytes. resvg
// only draws text in the drawn stand-in pictures (satori's own output has its
// text as paths), and takes the fonts as paths: its Node binding has no
// `fontBuffers` (2.6.2, and 2.7.0-alpha.2 too; only the WASM build has it).
// Each stand-in is rasterised once and kept (`rasterised` below), so the
// files are read once per distinct picture, about 0.5 ms each, never per
// share image.
let satoriFonts: { name: string; data: Buffer; weight: 400 | 800; style: "normal" }[] | null = null;
function fonts() {
  satoriFonts ??= ([400, 800] as const).map((weight) => ({
    name: "Inter",
    data: readFileSync(FONT_DIR + FONT_FILES[weight]),
    weight,
    style: "normal" as const,
  }));
  return satoriFonts;
}
const RESVG_FONTS = {
  loadSystemFonts: false,
  fontFiles: Object.values(FONT_FILES).map((f) => FONT_DIR + f),
  defaultFontFamily: "Inter",
};

const MiB = 1024 * 1024;
// The same stand-in serves many lists (and both layouts): keep it rasterised.
const rasterised = new LruCache<string>(500, 32 * MiB, (uri) => uri.length);

/**
 * An entry's picture as satori should draw it: a PNG data URI as it came, a
 * drawn stand-in (an SVG data URI) rasterised first, because resvg does not
 * draw the text of an SVG nested in another.
 */
export function pngPicture(uri: string): string {
  if (!uri.startsWith(SVG_PICTURE)) return uri;
  const cached = rasterised.get(uri);
  if (cached) return cached;
  const svg = Buffer.from(uri.slice(SVG_PICTURE.length), "base64").toString("utf8");
  const png = new Resvg(svg, { fitTo: { mode: "width", value: PICTURE_PX }, font: RESVG_FONTS })
    .render()
    .asPng();
  const drawn = `data:image/png;base64,${png.toString("base64")}`;
  rasterised.set(uri, drawn);
  return drawn;
}

interface Raster {
  pixels: Buffer;
  width: number;
  height: number;
}

/** Backdrops are the same for every list: drawn once per layout and size (and thread). */
const backdrops = new Map<string, Raster>();
function backdrop(layout: ShareLayout, size: ShareSize): Raster {
  const key = `${layout}-${size}`;
  let drawn = backdrops.get(key);
  if (!drawn) {
    const { width, height } = SHARE_SIZES[size];
    const pixels = new Resvg(backdropSvg(layout, width, height), RESVG_OPTIONS).render().pixels;
    drawn = { pixels, width, height };
    backdrops.set(key, drawn);
  }
  return drawn;
}

const RESVG_OPTIONS = { font: { loadSystemFonts: false }, fitTo: { mode: "original" as const } };

/**
 * `front` laid over the opaque `back`, both premultiplied RGBA of one size:
 * the source-over rule, pixel by pixel. Most of a card's front is empty or
 * solid, which costs one comparison; sharp's composite took 65 ms here.
 */
export function over(front: Buffer, back: Buffer): Buffer {
  const out = Buffer.from(back);
  const front32 = new Uint32Array(front.buffer, front.byteOffset, front.length >> 2);
  const out32 = new Uint32Array(out.buffer, out.byteOffset, out.length >> 2);
  for (let i = 0; i < front32.length; i++) {
    const px = front32[i]!;
    if (px === 0) continue;
    const alpha = px >>> 24;
    if (alpha === 255) {
      out32[i] = px;
      continue;
    }
    const keep = 255 - alpha;
    for (let c = i << 2, end = c + 3; c < end; c++) {
      out[c] = front[c]! + (((out[c]! * keep + 127) / 255) | 0);
    }
  }
  return out;
}

/**
 * The card as a PNG: satori lays the list out as SVG, resvg draws it, it is
 * laid over the backdrop, and sharp encodes the PNG.
 */
export async function renderSharePng(card: ShareCard): Promise<Buffer> {
  const { width, height } = SHARE_SIZES[card.size];
  const entries = card.entries.map((e) => ({ ...e, picture: e.picture && pngPicture(e.picture) }));
  const layout = shareLayout({ ...card, entries }) as unknown as ReactNode;
  const svg = await satori(layout, { width, height, fonts: fonts() });
  const front = new Resvg(svg, RESVG_OPTIONS).render();
  const back = backdrop(card.layout, card.size);
  const sharp = await loadSharp();
  return (
    sharp(over(front.pixels, back.pixels), { raw: { width, height, channels: 4 } })
      // The picture is opaque: RGB is a quarter smaller and quicker to encode.
      .removeAlpha()
      .png({ compressionLevel: 6 })
      .toBuffer()
  );
}
