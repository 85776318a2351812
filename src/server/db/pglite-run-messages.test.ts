import { protocol } from "@electric-sql/pglite";
import { describe, expect, it } from "vitest";
import { MAX_PARAMETERS, runMessages } from "./pglite-run-messages.ts";

const { serialize } = protocol;

/** The same three messages from PGlite's serializer, with its explicit format codes (all text) dropped. */
function byPglite(statement: string, values: (string | null)[]): number[] {
  const bind = [...serialize.bind({ statement, values })];
  const count = values.length;
  // Its Bind: 'B', length, portal, name, the count and a text code per value, the values, no result codes (text).
  const name = 5 + 1 + Buffer.byteLength(statement) + 1;
  const withoutCodes = [...bind.slice(0, name), 0, 0, ...bind.slice(name + 2 + 2 * count)];
  const length = withoutCodes.length - 1;
  withoutCodes.splice(1, 4, length >>> 24, (length >> 16) & 255, (length >> 8) & 255, length & 255);
  return [...withoutCodes, ...serialize.execute({}), ...serialize.sync()];
}

describe("a prepared statement's run in one buffer", () => {
  it("writes Bind, Execute and Sync as PostgreSQL reads them, for text of any width and nulls", () => {
    for (const values of [[], ["1"], ["", null, "Ça va 🌴", "x".repeat(5_000)], [null, null]])
      expect([...runMessages("sr_12", values)]).toEqual(byPglite("sr_12", values));
  });

  it("puts a message to run first ahead of them", () => {
    const first = serialize.query("SET plan_cache_mode TO auto");
    const both = runMessages("sr_1", ["a"], first);
    expect([...both.subarray(0, first.length)]).toEqual([...first]);
    expect([...both.subarray(first.length)]).toEqual(byPglite("sr_1", ["a"]));
  });

  it("refuses more parameters than a Bind can count", () => {
    expect(() => runMessages("sr_1", Array<string>(MAX_PARAMETERS + 1).fill("1"))).toThrow(RangeError);
    expect(runMessages("sr_1", Array<string>(MAX_PARAMETERS).fill("1")).length).toBeGreaterThan(
      MAX_PARAMETERS,
    );
  });
});
