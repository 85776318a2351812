/** The body's page marker: global, create or other (docs/product.md, Screens and navigation). */
export function pageMarkerFor(pathname: string): "global" | "create" | "other" {
  if (pathname === "/global-rankings" || pathname.startsWith("/global-rankings/")) return "global";
  if (pathname === "/create") return "create";
  return "other";
}
