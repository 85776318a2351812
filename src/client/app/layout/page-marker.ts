import { type ScreenName, screenOf } from "#shared/routes.ts";

const GLOBAL_SCREENS: readonly ScreenName[] = ["globalRankings", "globalLegacy", "globalCategory"];

/** The body's page marker: global, create or other (docs/product.md, Screens and navigation). */
export function pageMarkerFor(pathname: string): "global" | "create" | "other" {
  const screen = screenOf(pathname)?.screen;
  if (screen && GLOBAL_SCREENS.includes(screen)) return "global";
  if (screen === "create") return "create";
  return "other";
}
