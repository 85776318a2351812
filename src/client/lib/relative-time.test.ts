import { describe, expect, it } from "vitest";
import { relativeTime } from "./relative-time.ts";

const NOW = Date.parse("2026-03-10T12:00:00.000Z");
const ago = (ms: number) => new Date(NOW - ms).toISOString();
const S = 1000;
const M = 60 * S;
const H = 60 * M;
const D = 24 * H;

describe("relativeTime", () => {
  it("reads 'just now' under a minute, and for a clock slightly ahead", () => {
    expect(relativeTime(ago(0), NOW)).toBe("just now");
    expect(relativeTime(ago(59 * S), NOW)).toBe("just now");
    expect(relativeTime(ago(-30 * S), NOW)).toBe("just now");
  });

  it("counts whole minutes, hours, days, weeks, months and years", () => {
    expect(relativeTime(ago(60 * S), NOW)).toBe("1m ago");
    expect(relativeTime(ago(5 * M + 59 * S), NOW)).toBe("5m ago");
    expect(relativeTime(ago(59 * M), NOW)).toBe("59m ago");
    expect(relativeTime(ago(60 * M), NOW)).toBe("1h ago");
    expect(relativeTime(ago(23 * H + 59 * M), NOW)).toBe("23h ago");
    expect(relativeTime(ago(D), NOW)).toBe("1d ago");
    expect(relativeTime(ago(6 * D), NOW)).toBe("6d ago");
    expect(relativeTime(ago(7 * D), NOW)).toBe("1w ago");
    expect(relativeTime(ago(29 * D), NOW)).toBe("4w ago");
    expect(relativeTime(ago(30 * D), NOW)).toBe("1mo ago");
    expect(relativeTime(ago(364 * D), NOW)).toBe("12mo ago");
    expect(relativeTime(ago(365 * D), NOW)).toBe("1y ago");
    expect(relativeTime(ago(3 * 365 * D), NOW)).toBe("3y ago");
  });

  it("says nothing of a date it cannot read", () => {
    expect(relativeTime("not a date", NOW)).toBe("");
  });
});
