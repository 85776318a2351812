import { describe, expect, it } from "vitest";
import {
  type History,
  type HistoryAction,
  HISTORY_LIMIT,
  historyReducer,
  shortcutOf,
  startHistory,
  TYPING_PAUSE_MS,
} from "./use-history.ts";

const run = <T>(start: History<T>, ...actions: HistoryAction<T>[]) =>
  actions.reduce((h, a) => historyReducer(h, a), start);
const set = <T>(update: T | ((p: T) => T), field?: string, at = 0): HistoryAction<T> => ({
  type: "change",
  update,
  field,
  at,
});

describe("historyReducer", () => {
  it("makes each change a step, undone and redone in order", () => {
    const h = run(
      startHistory(["a"]),
      set<string[]>((p) => [...p, "b"]),
      set<string[]>((p) => [...p, "c"]),
    );
    expect(h.present).toEqual(["a", "b", "c"]);
    expect(h.past).toEqual([["a"], ["a", "b"]]);
    const back = run(h, { type: "undo" }, { type: "undo" });
    expect(back.present).toEqual(["a"]);
    expect(back.future).toEqual([
      ["a", "b"],
      ["a", "b", "c"],
    ]);
    expect(run(back, { type: "redo" }).present).toEqual(["a", "b"]);
    expect(run(back, { type: "redo" }, { type: "redo" }).present).toEqual(["a", "b", "c"]);
  });

  it("does nothing to undo or redo at the ends", () => {
    const h = startHistory(1);
    expect(run(h, { type: "undo" })).toBe(h);
    expect(run(h, { type: "redo" })).toBe(h);
  });

  it("takes a change that gives back the same value as no step", () => {
    const h = startHistory({ n: 1 });
    expect(
      run(
        h,
        set<{ n: number }>((p) => p),
      ),
    ).toBe(h);
  });

  it("forgets what could be redone once a new change is made", () => {
    const h = run(startHistory(1), set(2), set(3), { type: "undo" });
    expect(h.future).toEqual([3]);
    const after = run(h, set(4));
    expect(after.future).toEqual([]);
    expect(after.past).toEqual([1, 2]);
    expect(run(after, { type: "redo" })).toBe(after);
  });

  it(`keeps at most ${HISTORY_LIMIT} steps back`, () => {
    let h = startHistory(0);
    for (let i = 1; i <= HISTORY_LIMIT + 20; i++) h = historyReducer(h, set(i));
    expect(h.past).toHaveLength(HISTORY_LIMIT);
    expect(h.past[0]).toBe(20);
    for (let i = 0; i < HISTORY_LIMIT + 5; i++) h = historyReducer(h, { type: "undo" });
    expect(h.present).toBe(20);
    expect(historyReducer(startHistory(0), set(1), 1).past).toEqual([0]);
    expect(historyReducer(historyReducer(startHistory(0), set(1), 1), set(2), 1).past).toEqual([1]);
  });

  it("gathers typing in one field into one step until a pause", () => {
    const h = run(startHistory(""), set("H", "name", 0), set("Hi", "name", 300), set("Hi!", "name", 900));
    expect(h.present).toBe("Hi!");
    expect(h.past).toEqual([""]);
    // The pause is counted from the last keystroke.
    const later = run(h, set("Hi!?", "name", 900 + TYPING_PAUSE_MS));
    expect(later.past).toEqual(["", "Hi!"]);
    expect(run(later, { type: "undo" }, { type: "undo" }).present).toBe("");
  });

  it("starts a new step when the field is left, another field is typed in, or something else changes", () => {
    const typed = run(startHistory(""), set("a", "name", 0));
    expect(run(typed, { type: "seal" }, set("ab", "name", 10)).past).toEqual(["", "a"]);
    expect(run(typed, set("ab", "description", 10)).past).toEqual(["", "a"]);
    expect(run(typed, set("ab"), set("abc", "name", 20)).past).toEqual(["", "a", "ab"]);
    // After an undo, typing again is a new step.
    expect(run(typed, { type: "undo" }, set("x", "name", 10)).past).toEqual([""]);
  });
});

describe("shortcutOf", () => {
  const key = (k: string, mods: Partial<Record<"ctrlKey" | "metaKey" | "shiftKey" | "altKey", boolean>>) =>
    shortcutOf({ key: k, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, ...mods });
  it("reads Ctrl or Cmd with Z, Shift+Z and Y", () => {
    expect(key("z", { ctrlKey: true })).toBe("undo");
    expect(key("z", { metaKey: true })).toBe("undo");
    expect(key("Z", { ctrlKey: true, shiftKey: true })).toBe("redo");
    expect(key("Z", { metaKey: true, shiftKey: true })).toBe("redo");
    expect(key("y", { ctrlKey: true })).toBe("redo");
  });
  it("leaves other keys alone", () => {
    expect(key("z", {})).toBeNull();
    expect(key("z", { ctrlKey: true, altKey: true })).toBeNull();
    expect(key("x", { ctrlKey: true })).toBeNull();
  });
});
