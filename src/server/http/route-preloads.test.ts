import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { dataPreloadTags, preloadTags, withRoutePreloads } from "./route-preloads.ts";

// The shape of Vite's .vite/manifest.json: the entry, shared chunks, routes.
const manifest = {
  "index.html": { file: "assets/index-1.js", isEntry: true, imports: ["_react.js"] },
  "_react.js": { file: "assets/react-1.js" },
  "_cards.js": { file: "assets/cards-1.js", imports: ["_react.js"], css: ["assets/cards-1.css"] },
  "src/client/app/routes/rankings.tsx": { file: "assets/rankings-1.js", imports: ["_cards.js", "_react.js"] },
  "src/client/app/routes/global-legacy.tsx": { file: "assets/legacy-1.js" },
  "src/client/app/routes/global-detail.tsx": { file: "assets/detail-1.js" },
  "src/client/app/routes/list-detail.tsx": { file: "assets/list-1.js", imports: ["_cards.js"] },
};

describe("preloadTags", () => {
  it("names the route's chunk, what it imports and its styles, not what the entry already loads", () => {
    expect(preloadTags(manifest, "/rankings")).toBe(
      '<link rel="modulepreload" crossorigin href="/assets/rankings-1.js">' +
        '<link rel="modulepreload" crossorigin href="/assets/cards-1.js">' +
        '<link rel="preload" as="style" crossorigin href="/assets/cards-1.css">',
    );
  });

  it("matches parameters and prefers the fixed route", () => {
    expect(preloadTags(manifest, "/list/u1/list_1")).toContain("/assets/list-1.js");
    expect(preloadTags(manifest, "/global-rankings/legacy")).toContain("/assets/legacy-1.js");
    expect(preloadTags(manifest, "/global-rankings/season-49")).toContain("/assets/detail-1.js");
  });

  it("names nothing for an unknown address or a route the build does not have", () => {
    expect(preloadTags(manifest, "/nowhere/at/all")).toBe("");
    expect(preloadTags(manifest, "/create")).toBe("");
    expect(preloadTags({}, "/rankings")).toBe("");
  });
});

describe("dataPreloadTags", () => {
  const fetched = (html: string) =>
    [...html.matchAll(/<link rel="preload" as="fetch" crossorigin href="([^"]+)">/g)].map((m) => m[1]);

  it("fetches the session and the screen's first data by the client's own addresses", () => {
    expect(fetched(dataPreloadTags("/", false))).toEqual([
      "/api/auth/get-session",
      "/api/home",
      "/api/reference-lists",
    ]);
    expect(fetched(dataPreloadTags("/list/u1/list_1", false))).toEqual([
      "/api/auth/get-session",
      "/api/lists/u1/list_1",
    ]);
    expect(fetched(dataPreloadTags("/global-rankings/season-49", false))).toEqual([
      "/api/auth/get-session",
      "/api/global-rankings/season-49",
    ]);
    expect(fetched(dataPreloadTags("/global-rankings/legacy", false))).toEqual(["/api/auth/get-session"]);
  });

  it("fetches only the session for a page with a query, an odd segment or an unknown address", () => {
    expect(fetched(dataPreloadTags("/rankings", true))).toEqual(["/api/auth/get-session"]);
    expect(fetched(dataPreloadTags("/list/u%22x/l1", false))).toEqual(["/api/auth/get-session"]);
    expect(dataPreloadTags("/nowhere/at/all", false)).toBe("");
  });
});

describe("withRoutePreloads", () => {
  const page = (link: string) => `<html><head><title>app</title>${link}</head><body></body></html>`;
  const stylesheet = '<link rel="stylesheet" crossorigin href="/assets/index-1.css">';

  async function clientDir(css: string) {
    const dir = mkdtempSync(join(tmpdir(), "sr-preloads-"));
    mkdirSync(join(dir, ".vite"));
    mkdirSync(join(dir, "assets"));
    writeFileSync(join(dir, ".vite", "manifest.json"), JSON.stringify(manifest));
    writeFileSync(join(dir, "assets", "index-1.css"), css);
    return dir;
  }

  it("writes the entry's styles into the page and adds the route's preloads", async () => {
    const dir = await clientDir("body{color:red}");
    const html = await withRoutePreloads(dir, page(stylesheet), "/rankings");
    expect(html).toContain("<style>body{color:red}</style>");
    expect(html).not.toContain(stylesheet);
    expect(html).toContain('href="/assets/rankings-1.js"');
    rmSync(dir, { recursive: true, force: true });
  });

  it("keeps the link when the styles could close the style element, and the page when there is no build", async () => {
    const dir = await clientDir("a{content:'</style><script>'}");
    expect(await withRoutePreloads(dir, page(stylesheet), "/nowhere")).toBe(page(stylesheet));
    rmSync(dir, { recursive: true, force: true });
    expect(await withRoutePreloads("/nonexistent", page(stylesheet), "/rankings")).toBe(page(stylesheet));
  });
});

describe("the screens the server knows and the client draws", () => {
  it("are one table: every screen's file exists, and every file in app/routes is a screen's", async () => {
    const { readdirSync } = await import("node:fs");
    const { fromProjectRoot } = await import("../project-root.ts");
    const { SCREENS } = await import("#shared/routes.ts");
    const { SCREEN_DATA } = await import("./route-preloads.ts");
    const files = readdirSync(fromProjectRoot("src/client/app/routes"))
      .filter((f) => f.endsWith(".tsx") && !f.endsWith(".test.tsx"))
      .map((f) => f.replace(/\.tsx$/, ""))
      .sort();
    const modules = [...new Set(Object.values(SCREENS).map((s) => s.module))].sort();
    expect(modules).toEqual(files);
    expect(Object.keys(SCREEN_DATA).sort()).toEqual(Object.keys(SCREENS).sort());
  });
});
