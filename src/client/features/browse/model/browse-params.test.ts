import { describe, expect, it } from "vitest";
import {
  browseSearchString,
  normalizeBrowseQuery,
  parseBrowseParams,
  toggleTag,
  withFilter,
  withPage,
} from "./browse-params.ts";

const parse = (s: string) => parseBrowseParams(new URLSearchParams(s));

describe("browse URL state", () => {
  it("reads defaults from an empty URL", () => {
    expect(parse("")).toEqual({ q: "", type: "all", sort: "newest", tags: [], page: 1 });
  });

  it("reads every key and drops what it does not know", () => {
    expect(parse("q=%20hero%20&type=seasons&sort=mostVotes&tags=spoiler,bogus,social&page=3")).toEqual({
      q: "hero",
      type: "seasons",
      sort: "mostVotes",
      tags: ["spoiler", "social"],
      page: 3,
    });
    expect(parse("type=nope&sort=nope&page=-4")).toMatchObject({ type: "all", sort: "newest", page: 1 });
  });

  it("cuts an over-long search rather than failing", () => {
    expect(parse(`q=${"a".repeat(150)}`).q).toHaveLength(100);
  });

  it("writes only what differs from the defaults, tags in display order", () => {
    expect(browseSearchString(parse(""))).toBe("");
    const q = {
      q: "big moves",
      type: "castaways",
      sort: "oldest",
      tags: ["spoiler", "favorites"],
      page: 2,
    } as const;
    expect(browseSearchString({ ...q, tags: [...q.tags] })).toBe(
      "q=big+moves&type=castaways&sort=oldest&tags=favorites%2Cspoiler&page=2",
    );
  });

  it("round-trips through the URL", () => {
    const q = parse("q=x&type=castaways&sort=mostVotes&tags=challenge,social&page=4");
    expect(parse(browseSearchString(q))).toEqual(normalizeBrowseQuery(q));
  });

  it("starts again at page 1 when a filter changes, not when the page does", () => {
    const q = parse("page=5");
    expect(withFilter(q, { type: "seasons" }).page).toBe(1);
    expect(toggleTag(q, "social")).toMatchObject({ tags: ["social"], page: 1 });
    expect(toggleTag(parse("tags=social,spoiler&page=2"), "social")).toMatchObject({
      tags: ["spoiler"],
      page: 1,
    });
    expect(withPage(q, 6).page).toBe(6);
    expect(withPage(q, 0).page).toBe(1);
  });

  it("gives the same key to the same tags in any order", () => {
    expect(normalizeBrowseQuery(parse("tags=spoiler,social"))).toEqual(
      normalizeBrowseQuery(parse("tags=social,spoiler")),
    );
  });
});
