import { describe, expect, it } from "vitest";
import { BROWSE_PAGE_MAX, parseBrowseQuery } from "./browse.ts";

describe("parseBrowseQuery", () => {
  it("reads defaults from nothing", () => {
    expect(parseBrowseQuery({})).toEqual({ q: "", type: "all", sort: "newest", tags: [], page: 1 });
  });

  it("falls back on unknown values and drops unknown or repeated tags", () => {
    expect(parseBrowseQuery({ type: "bogus", sort: "x", tags: "social,bogus,social,spoiler" })).toEqual({
      q: "",
      type: "all",
      sort: "newest",
      tags: ["social", "spoiler"],
      page: 1,
    });
  });

  it("clamps page numbers the same way however large (a huge one is not page 1)", () => {
    expect(parseBrowseQuery({ page: "100000" }).page).toBe(BROWSE_PAGE_MAX);
    expect(parseBrowseQuery({ page: "999999999" }).page).toBe(BROWSE_PAGE_MAX);
    expect(parseBrowseQuery({ page: "1e308" }).page).toBe(BROWSE_PAGE_MAX);
    expect(parseBrowseQuery({ page: "0" }).page).toBe(1);
    expect(parseBrowseQuery({ page: "-5" }).page).toBe(1);
    expect(parseBrowseQuery({ page: "abc" }).page).toBe(1);
    expect(parseBrowseQuery({ page: "2.7" }).page).toBe(2);
  });

  it("trims the search and cuts it at 100 characters", () => {
    expect(parseBrowseQuery({ q: "  heroes  " }).q).toBe("heroes");
    expect(parseBrowseQuery({ q: "x".repeat(500) }).q).toHaveLength(100);
  });
});
