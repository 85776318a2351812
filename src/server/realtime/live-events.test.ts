import { describe, expect, it } from "vitest";
import { createLogger } from "../logger.ts";
import { createLiveEvents, type LiveEvent, STREAMS_A_TURN } from "./live-events.ts";

const nextTurn = () => new Promise((r) => setImmediate(r));
const consensus = (computedAt: string) => ({ computedAt });

function streams(count: number, topics: string[], userOf: (i: number) => string | null = () => null) {
  const live = createLiveEvents(createLogger("silent"));
  const heard: LiveEvent[][] = Array.from({ length: count }, () => []);
  for (let i = 0; i < count; i++)
    live.subscribe({ userId: userOf(i), topics }, (e) => void heard[i]!.push(e));
  return { live, heard };
}

describe("live events", () => {
  it("reach a topic's streams a slice a turn: STREAMS_A_TURN at once, the rest in the next turns", async () => {
    const count = 2 * STREAMS_A_TURN + 50;
    const { live, heard } = streams(count, ["consensus"]);
    live.publish("consensus", consensus("t1"));
    expect(heard.filter((h) => h.length === 1)).toHaveLength(STREAMS_A_TURN);
    await nextTurn();
    expect(heard.filter((h) => h.length === 1)).toHaveLength(2 * STREAMS_A_TURN);
    await nextTurn();
    expect(heard.every((h) => h.length === 1)).toBe(true);
    await nextTurn();
    expect(heard.every((h) => h.length === 1)).toBe(true);
  });

  it("keep a topic's events in order on every stream, and let a member's own pass", async () => {
    const count = 3 * STREAMS_A_TURN;
    const { live, heard } = streams(count, ["consensus"], (i) => `u${i}`);
    live.publish("consensus", consensus("t1"));
    live.publish("consensus", consensus("t2"));
    const last = count - 1;
    live.publish("notifications", {}, `u${last}`);
    // The member's own arrived before either broadcast reached their stream.
    expect(heard[last]!.map((e) => e.type)).toEqual(["notifications"]);
    for (let i = 0; i < 10; i++) await nextTurn();
    for (let i = 0; i < count - 1; i++)
      expect(heard[i]!.map((e) => (e.data as { computedAt: string }).computedAt)).toEqual(["t1", "t2"]);
    expect(heard[last]!.map((e) => e.type)).toEqual(["notifications", "consensus", "consensus"]);
  });

  it("reach only the streams of their topic or member", () => {
    const live = createLiveEvents(createLogger("silent"));
    const heard: string[] = [];
    live.subscribe({ userId: "a", topics: ["consensus"] }, (e) => void heard.push(`a:${e.type}`));
    live.subscribe({ userId: "b", topics: ["reference-lists"] }, (e) => void heard.push(`b:${e.type}`));
    live.publish("consensus", consensus("t"));
    live.publish("notifications", {}, "b");
    expect(heard).toEqual(["a:consensus", "b:notifications"]);
  });
});
