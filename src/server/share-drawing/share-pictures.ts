import { loadSharp } from "../media/sharp-on-demand.ts";
import type { MediaImage } from "../media/media.service.ts";
import { PICTURE_PX, SVG_PICTURE } from "./share-layout.ts";

/**
 * A media image as a data URI for a share card, or null when it cannot be
 * read: an operator's file scaled down to a small PNG (by sharp, off the main
 * thread), a drawn stand-in as its SVG, which the renderer's worker thread
 * rasterises (share-render.ts): no drawing happens on the main thread.
 */
export async function pictureDataUri(image: MediaImage): Promise<string | null> {
  if (image.kind === "svg") return `${SVG_PICTURE}${Buffer.from(image.svg).toString("base64")}`;
  const file = await image.file.read();
  if (!file) return pictureDataUri(image.fallback());
  const sharp = await loadSharp();
  const png = await sharp(file.body, { limitInputPixels: 40_000_000 })
    .resize(PICTURE_PX, PICTURE_PX, { fit: "cover" })
    .png()
    .toBuffer();
  return `data:image/png;base64,${png.toString("base64")}`;
}
