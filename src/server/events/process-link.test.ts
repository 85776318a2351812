import { describe, expect, it } from "vitest";
import { createLogger } from "../logger.ts";
import { wireHead } from "./notify-batches.ts";
import { payloadReader } from "./process-link.ts";

const logger = createLogger("silent");
const me = "11111111-1111-4111-8111-111111111111";
const other = "22222222-2222-4222-8222-222222222222";

function hearingOf(processId: string) {
  const heard: unknown[] = [];
  let missed = 0;
  const read = payloadReader(
    processId,
    { message: (m) => void heard.push(m), missed: () => void missed++ },
    logger,
  );
  return { read, heard, missed: () => missed };
}

describe("a process link's payloads", () => {
  it("hand over another process's messages one by one, in order", () => {
    const { read, heard } = hearingOf(me);
    read(`${wireHead(other)}"events":[["a",{"x":1}],["b",{}]]}`);
    expect(heard).toEqual([
      ["a", { x: 1 }],
      ["b", {}],
    ]);
  });

  it("drop this process's own, which came back on its LISTEN", () => {
    const { read, heard, missed } = hearingOf(me);
    read(`${wireHead(me)}"events":[["a",{}]]}`);
    read(JSON.stringify({ from: me, missed: true }));
    expect(heard).toEqual([]);
    expect(missed()).toBe(0);
  });

  it("pass on another process's word that some were lost, and survive a payload that is not JSON", () => {
    const { read, heard, missed } = hearingOf(me);
    read(JSON.stringify({ from: other, missed: true }));
    expect(missed()).toBe(1);
    expect(() => read("{not json")).not.toThrow();
    expect(heard).toEqual([]);
  });
});
