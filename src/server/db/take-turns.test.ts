import { describe, expect, it } from "vitest";
import { takeTurns } from "./take-turns.ts";

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

describe("takeTurns", () => {
  it("runs at most the limit at once, the others in the order they came, and each gets its own answer", async () => {
    const run = takeTurns(2);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const release: (() => void)[] = [];
    const answers = Array.from({ length: 5 }, (_, i) =>
      run(async () => {
        started.push(i);
        most = Math.max(most, ++running);
        await new Promise<void>((resolve) => release.push(resolve));
        running--;
        return i * 10;
      }),
    );
    await tick();
    expect(started).toEqual([0, 1]);
    release[1]!();
    await tick();
    expect(started).toEqual([0, 1, 2]);
    for (let i = 0; i < 5; i++) {
      release.forEach((r) => r());
      await tick();
    }
    expect(await Promise.all(answers)).toEqual([0, 10, 20, 30, 40]);
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect(most).toBe(2);
  });

  it("gives a failed task's place to the next one, and passes the failure on", async () => {
    const run = takeTurns(1);
    const failed = run(() => Promise.reject(new Error("no")));
    const next = run(async () => "yes");
    await expect(failed).rejects.toThrow("no");
    expect(await next).toBe("yes");
    // The place is free again: a new task starts at once.
    let started = false;
    const third = run(async () => {
      started = true;
    });
    await tick();
    expect(started).toBe(true);
    await third;
  });
});
