import { describe, expect, it } from "vitest";
import { readSort, withSort } from "./comment-sort.ts";

describe("comment sort in the URL", () => {
  it("reads New by default and for anything unknown", () => {
    expect(readSort(new URLSearchParams())).toBe("new");
    expect(readSort(new URLSearchParams("sort=best"))).toBe("best");
    expect(readSort(new URLSearchParams("sort=top"))).toBe("top");
    expect(readSort(new URLSearchParams("sort=oldest"))).toBe("new");
  });

  it("leaves the default out of the address and keeps other parameters", () => {
    const params = new URLSearchParams("x=1&sort=top");
    expect(withSort(params, "best").toString()).toBe("x=1&sort=best");
    expect(withSort(params, "new").toString()).toBe("x=1");
    expect(params.toString()).toBe("x=1&sort=top");
  });
});
