/** The body's page marker of the specification: global, create or other. */
export function pageMarkerFor(pathname: string): "global" | "create" | "other" {
  if (pathname === "/global-rankings" || pathname.startsWith("/global-rankings/")) return "global";
  if (pathname === "/create") return "create";
  return "other";
}
