import type sharpModule from "sharp";

type Sharp = typeof sharpModule;

let loading: Promise<Sharp> | null = null;

/**
 * sharp (libvips), loaded the first time a picture is made rather than when
 * the server starts: importing it costs the process about 18 MB of resident
 * memory and half a second on our 2-core machines (docs/performance.md,
 * "Memory at a million lists"), and a server makes pictures only when asked
 * (an upload, a share card's picture).
 */
export function loadSharp(): Promise<Sharp> {
  return (loading ??= import("sharp").then((m) => m.default));
}
