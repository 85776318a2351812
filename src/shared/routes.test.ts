import { describe, expect, it } from "vitest";
import { PUBLIC_SCREENS, pathTo, SCREENS, type ScreenName, screenOf } from "./routes.ts";

describe("the route table", () => {
  it("builds each screen's address, its parameters encoded, and reads it back", () => {
    expect(pathTo("home")).toBe("/");
    expect(pathTo("list", { userId: "u 1", listId: "list_1" })).toBe("/list/u%201/list_1");
    expect(pathTo("globalCategory", { categoryId: "season-49" })).toBe("/global-rankings/season-49");
    expect(pathTo("consensus")).toBe("/consensus");
    const odd = { userId: "a/b?c#d%", listId: "ünï" };
    expect(screenOf(pathTo("list", odd))).toEqual({ screen: "list", params: odd });
    for (const screen of Object.keys(SCREENS) as ScreenName[]) {
      const params = Object.fromEntries(
        [...SCREENS[screen].path.matchAll(/:(\w+)/g)].map((m) => [m[1]!, `${m[1]}-value`]),
      );
      const path = (pathTo as (s: ScreenName, p?: Record<string, string>) => string)(screen, params);
      expect(screenOf(path), screen).toEqual({ screen, params });
    }
  });

  it("prefers a fixed path over a parameter, and knows no other address", () => {
    expect(screenOf("/global-rankings/legacy")?.screen).toBe("globalLegacy");
    expect(screenOf("/rankings/user")?.screen).toBe("profileWithoutUser");
    expect(screenOf("/create/")?.screen).toBe("create");
    expect(screenOf("/nowhere")).toBeNull();
    expect(screenOf("/list/only-one")).toBeNull();
    expect(screenOf("/list/%E0%A4%A/x")).toBeNull();
  });

  it("lists only screens without parameters for search engines", () => {
    for (const screen of PUBLIC_SCREENS) expect(SCREENS[screen].path).not.toContain(":");
    expect(PUBLIC_SCREENS).toContain("consensus");
  });
});
