import { describe, expect, it } from "vitest";
import { SCREENS } from "#shared/routes.ts";
import { SCREEN_CHUNKS } from "./router.tsx";

describe("the client's screens", () => {
  it("load a chunk for every screen of the route table, and for nothing else", async () => {
    const modules = [...new Set(Object.values(SCREENS).map((s) => s.module))].sort();
    expect(Object.keys(SCREEN_CHUNKS).sort()).toEqual(modules);
    for (const load of Object.values(SCREEN_CHUNKS)) expect(typeof (await load()).default).toBe("function");
  }, 60_000);
});
