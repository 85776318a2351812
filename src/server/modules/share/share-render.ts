import { readFileSync } from "node:fs";
import { Resvg, renderAsync } from "@resvg/resvg-js";
import type { ReactNode } from "react";
import satori from "satori";
import sharp from "sharp";
import { SHARE_SIZES, type ShareLayout, type ShareSize } from "#shared/share-images.ts";
import type { MediaImage } from "../../media/media.service.ts";
import { backdropSvg } from "./share-backdrops.ts";
import { type ShareCard, shareLayout } from "./share-layout.ts";
import { fromProjectRoot } from "../../project-root.ts";

const FONT_DIR = fromProjectRoot("src/server/media/fonts/");
const FONT_FILES = { 400: "inter-latin-400-normal.ttf", 800: "inter-latin-800-normal.ttf" } as const;

// Read once, on the first render: satori takes the bytes. resvg only draws
// text in the generated stand-in pictures (satori's own output has its text
// as paths), and takes the fonts as paths: its Node binding has no
// `fontBuffers` (2.6.2, and 2.7.0-alpha.2 too; only the WASM build has it).
// Each stand-in is rasterised once and kept (`pictures` in
// share-images.service.ts), so the files are read once per distinct picture,
// about 0.5 ms each, never per share image.
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

/** Pictures are drawn at most this big; they are scaled to it once, not at every render. */
export const PICTURE_PX = 184;

/**
 * A media image (an operator's file or a drawn SVG) as a small PNG data URI,
 * or null when it cannot be read. Drawn SVGs are rasterised here because
 * resvg does not draw the text of an SVG nested in another.
 */
export async function pictureDataUri(image: MediaImage): Promise<string | null> {
  let png: Buffer;
  if (image.kind === "file") {
    const file = await image.file.read();
    if (!file) return pictureDataUri(image.fallback());
    png = await sharp(file.body, { limitInputPixels: 40_000_000 })
      .resize(PICTURE_PX, PICTURE_PX, { fit: "cover" })
      .png()
      .toBuffer();
  } else {
    png = new Resvg(image.svg, {
      fitTo: { mode: "width", value: PICTURE_PX },
      font: RESVG_FONTS,
    })
      .render()
      .asPng();
  }
  return `data:image/png;base64,${png.toString("base64")}`;
}

interface Raster {
  pixels: Buffer;
  width: number;
  height: number;
}

/** Backdrops are the same for every list: drawn once per layout and size. */
const backdrops = new Map<string, Promise<Raster>>();
function backdrop(layout: ShareLayout, size: ShareSize): Promise<Raster> {
  const key = `${layout}-${size}`;
  let pending = backdrops.get(key);
  if (!pending) {
    const { width, height } = SHARE_SIZES[size];
    pending = renderAsync(backdropSvg(layout, width, height), RESVG_OPTIONS).then((r) => ({
      pixels: r.pixels,
      width,
      height,
    }));
    backdrops.set(key, pending);
    pending.catch(() => backdrops.delete(key));
  }
  return pending;
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
 * The card as a PNG: satori lays the list out as SVG, resvg draws it off the
 * main thread, it is laid over the backdrop, and sharp encodes the PNG, also
 * off the main thread.
 */
export async function renderSharePng(card: ShareCard): Promise<Buffer> {
  const { width, height } = SHARE_SIZES[card.size];
  const ground = backdrop(card.layout, card.size);
  const svg = await satori(shareLayout(card) as unknown as ReactNode, { width, height, fonts: fonts() });
  const front = await renderAsync(svg, RESVG_OPTIONS);
  const back = await ground;
  return (
    sharp(over(front.pixels, back.pixels), { raw: { width, height, channels: 4 } })
      // The picture is opaque: RGB is a quarter smaller and quicker to encode.
      .removeAlpha()
      .png({ compressionLevel: 6 })
      .toBuffer()
  );
}
