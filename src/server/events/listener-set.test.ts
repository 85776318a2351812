import { describe, expect, it } from "vitest";
import { createLogger } from "../logger.ts";
import { listenerSet } from "./listener-set.ts";

const logger = createLogger("silent");

describe("a set of listeners", () => {
  it("runs each, past one that throws, and forgets one removed", () => {
    const listeners = listenerSet<[number]>(logger, "test");
    const heard: number[] = [];
    listeners.add(() => {
      throw new Error("broken");
    });
    const remove = listeners.add((n) => void heard.push(n));
    listeners.run(1);
    remove();
    listeners.run(2);
    expect(heard).toEqual([1]);
  });
});
