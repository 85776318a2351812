import { describe, expect, it } from "vitest";
import {
  headshotUrl,
  isAppearanceId,
  placeholderUrl,
  seasonIdOfAppearance,
  seasonLogoUrl,
  seasonNumberOf,
} from "#shared/media-urls.ts";
import { appearanceId, loadReferenceData } from "../modules/seasons/reference-data.ts";
import { builtInAliases, firstWord, headshotCandidates, safeFileName } from "./file-names.ts";
import {
  colourFor,
  escapeXml,
  headshotSvg,
  initialsOf,
  PALETTE,
  seasonSvg,
  shortSeasonName,
} from "./generated-images.ts";
import { sniffImageType } from "./operator-images.ts";

const reference = loadReferenceData();
const appearances = reference.flatMap((s) =>
  s.castaways.map((c) => ({ id: appearanceId(s.id, c.id), seasonId: s.id, slug: c.id, name: c.name })),
);

describe("media URLs", () => {
  it("builds the URL scheme", () => {
    expect(headshotUrl("s1-richard-hatch")).toBe("/media/headshots/s1-richard-hatch");
    expect(seasonLogoUrl("s12")).toBe("/media/seasons/s12");
    expect(placeholderUrl()).toBe("/media/placeholder");
  });

  it("falls back to the placeholder for ids that could never be served", () => {
    expect(headshotUrl("../../etc/passwd")).toBe("/media/placeholder");
    expect(seasonLogoUrl("s1/..")).toBe("/media/placeholder");
  });

  it("accepts every id of the reference data", () => {
    for (const a of appearances) expect(isAppearanceId(a.id), a.id).toBe(true);
    for (const s of reference) expect(seasonNumberOf(s.id)).toBe(s.number);
    expect(seasonIdOfAppearance("s12-rob-mariano")).toBe("s12");
  });
});

describe("file names", () => {
  it("uses the lowercased first word", () => {
    expect(firstWord("Richard Hatch")).toBe("richard");
    expect(firstWord("  B.B. Andersen")).toBe("b.b.");
  });

  it("computes the built-in aliases where a season has two castaways with one first word", () => {
    const aliases = builtInAliases(appearances);
    expect(aliases.get("s3-kim-johnson")).toBe("kim-johnson");
    expect(aliases.get("s3-kim-powers")).toBe("kim-powers");
    expect(aliases.get("s8-rob-mariano")).toBe("rob-mariano");
    expect(aliases.has("s1-richard-hatch")).toBe(false);
    // Every shared first word is covered, and only those.
    const seen = new Map<string, number>();
    for (const a of appearances) {
      const k = `${a.seasonId}/${firstWord(a.name)}`;
      seen.set(k, (seen.get(k) ?? 0) + 1);
    }
    const shared = appearances.filter((a) => seen.get(`${a.seasonId}/${firstWord(a.name)}`)! > 1);
    expect([...aliases.keys()].sort()).toEqual(shared.map((a) => a.id).sort());
  });

  it("tries the operator's aliases, then the built-in one or the first word, then the slug", () => {
    const rob = appearances.find((a) => a.id === "s8-rob-mariano")!;
    const richard = appearances.find((a) => a.id === "s1-richard-hatch")!;
    const builtIn = builtInAliases(appearances);
    expect(headshotCandidates(richard, builtIn, new Map())).toEqual([
      { stem: "richard" },
      { stem: "richard-hatch" },
    ]);
    const operator = new Map([
      ["s8-rob-mariano", "Boston.PNG"],
      ["rob mariano", "romber"],
    ]);
    expect(headshotCandidates(rob, builtIn, operator)).toEqual([
      { file: "boston.png" },
      { stem: "romber" },
      { stem: "rob-mariano" },
    ]);
  });

  it("refuses file names that are not one plain path segment", () => {
    for (const bad of ["..", ".", "../x", "a/b", "a\\b", "a\u0000b", ""])
      expect(safeFileName(bad), bad).toBeNull();
    expect(safeFileName("Boston Rob.png")).toBe("boston rob.png");
  });

  it("recognises images by their bytes", () => {
    expect(sniffImageType(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe(
      "image/png",
    );
    expect(sniffImageType(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe("image/jpeg");
    expect(sniffImageType(new TextEncoder().encode("RIFF\0\0\0\0WEBPVP8 "))).toBe("image/webp");
    expect(sniffImageType(new TextEncoder().encode("<svg onload=alert(1)>"))).toBeNull();
  });
});

describe("generated SVG", () => {
  it("makes initials", () => {
    expect(initialsOf("Richard Hatch")).toBe("RH");
    expect(initialsOf("B.B. Andersen")).toBe("BA");
    expect(initialsOf("James Thomas Jr.")).toBe("JT");
    expect(initialsOf("Lex van den Berghe")).toBe("LB");
    expect(initialsOf("Zoë")).toBe("Z");
    expect(initialsOf("  ")).toBe("?");
  });

  it("shortens season names", () => {
    expect(shortSeasonName("Survivor: Borneo")).toBe("Borneo");
    expect(shortSeasonName("Survivor 41")).toBe("41");
  });

  it("escapes every piece of text", () => {
    expect(escapeXml(`<a href="x">'&'</a>\u0000`)).toBe(
      "&lt;a href=&quot;x&quot;&gt;&apos;&amp;&apos;&lt;/a&gt;",
    );
    const svg = headshotSvg("s1-x", `<script>alert("x")</script> & 'Co'`);
    expect(svg).not.toContain("<script");
    expect(svg).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &apos;Co&apos;");
    const season = seasonSvg("s1", 1, `Survivor: </text><script>x</script>`);
    expect(season).not.toContain("<script");
  });

  it("puts the number and the name on the season logo, and no name when it is only the number", () => {
    expect(seasonSvg("s41", 41, "Survivor 41").match(/>41<\/text>/g)).toHaveLength(1);
    const long = seasonSvg("s35", 35, "Survivor: Heroes vs. Healers vs. Hustlers");
    expect(long).toContain(">35</text>");
    expect(long).toContain(">Heroes vs. Healers</text>");
    expect(long).toContain(">vs. Hustlers</text>");
  });

  it("picks colours from the palette, deterministically and spread out", () => {
    const used = new Map<string, number>();
    for (const a of appearances) {
      const c = colourFor(a.id);
      expect(PALETTE).toContain(c);
      expect(colourFor(a.id)).toBe(c);
      used.set(c, (used.get(c) ?? 0) + 1);
    }
    expect(used.size).toBe(PALETTE.length);
    // No colour takes more than twice its fair share.
    for (const n of used.values()) expect(n).toBeLessThan((2 * appearances.length) / PALETTE.length);
  });
});
