import { describe, expect, it } from "vitest";
import { StatementStats, timeQueries } from "./statement-stats.ts";

describe("statement stats", () => {
  it("adds up runs per statement, the costliest first, whitespace folded", () => {
    const stats = new StatementStats();
    stats.record("SELECT 1", 1);
    stats.record("select\n  x from y", 5);
    stats.record("SELECT 1", 2);
    expect(stats.costs()).toEqual([
      { text: "select x from y", count: 1, totalMs: 5 },
      { text: "SELECT 1", count: 2, totalMs: 3 },
    ]);
  });

  it("times a pg client's queries in the promise form and the pool's callback form", async () => {
    const stats = new StatementStats();
    // The shape of pg's Client.query: a promise without a callback, else the callback.
    const client = {
      query(config: { text: string } | string, ...rest: unknown[]): Promise<string> | undefined {
        const callback = rest.at(-1);
        if (typeof callback === "function") {
          setTimeout(() => (callback as (e: null, r: string) => void)(null, "rows"), 5);
          return undefined;
        }
        return new Promise((resolve) => setTimeout(() => resolve(typeof config), 5));
      },
    };
    timeQueries(client, stats);
    expect(await client.query({ text: "SELECT a" })).toBe("object");
    const viaCallback = await new Promise((resolve) =>
      client.query("SELECT b", [], (_e: null, rows: string) => resolve(rows)),
    );
    expect(viaCallback).toBe("rows");
    await new Promise((r) => setTimeout(r, 0));
    const costs = stats.costs();
    expect(costs.map((c) => c.text).sort()).toEqual(["SELECT a", "SELECT b"]);
    for (const c of costs) expect(c.totalMs).toBeGreaterThanOrEqual(4);
  });
});
