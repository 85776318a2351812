import { describe, expect, it } from "vitest";
import { GLOBAL_MESSAGES } from "#shared/global-rankings.ts";
import {
  clearSlot,
  emptySlots,
  filledCount,
  movedAnnouncement,
  moveSlot,
  nextEmptySlot,
  placeInSlot,
  SEASON_REFUSED,
  sameSlots,
  slotsFrom,
  submitProblem,
} from "./vote-slots.ts";

const savannah = { id: "s49-savannah-louie", name: "Savannah Louie", isSeason: false, seasonNumber: 49 };
const sophie = { id: "s49-sophie-segreti", name: "Sophie Segreti", isSeason: false, seasonNumber: 49 };
const kyle = { id: "s48-kyle-fraser", name: "Kyle Fraser", isSeason: false, seasonNumber: 48 };
const season = { id: "s49", name: "Survivor 49", isSeason: true, seasonNumber: 49 };

describe("slots", () => {
  it("are ten, empty at first, and a stored vote is padded to ten", () => {
    expect(emptySlots()).toEqual(Array(10).fill(null));
    expect(slotsFrom(["a", null, "b"])).toEqual(["a", null, "b", ...Array(7).fill(null)]);
    expect(slotsFrom(null)).toHaveLength(10);
  });
});

describe("placeInSlot", () => {
  it("fills the chosen slot and replaces whoever was there", () => {
    const first = placeInSlot(emptySlots(), 2, savannah, 49);
    expect(first).toEqual({ kind: "placed", slots: [null, null, savannah.id, ...Array(7).fill(null)] });
    const slots = first.kind === "placed" ? first.slots : [];
    const second = placeInSlot(slots, 2, sophie, 49);
    expect(second.kind === "placed" && second.slots[2]).toBe(sophie.id);
  });

  it("refuses a castaway ranked in another slot, with the product's text and its position", () => {
    const slots = slotsFrom([null, null, savannah.id]);
    expect(placeInSlot(slots, 5, savannah, 49)).toEqual({
      kind: "refused",
      message: "Savannah Louie is already ranked at position 3.",
    });
    expect(placeInSlot(slots, 2, savannah, 49)).toEqual({ kind: "unchanged" });
  });

  it("refuses seasons, other seasons' castaways and a pick without a chosen slot", () => {
    expect(placeInSlot(emptySlots(), 0, season, 49)).toEqual({ kind: "refused", message: SEASON_REFUSED });
    expect(placeInSlot(emptySlots(), 0, kyle, 49)).toEqual({
      kind: "refused",
      message: GLOBAL_MESSAGES.notInSeason,
    });
    expect(placeInSlot(emptySlots(), null, savannah, 49)).toEqual({
      kind: "refused",
      message: "Please click a ranking slot first to select where to add the contestant.",
    });
  });
});

describe("moving and clearing", () => {
  const slots = slotsFrom(["a", "b", null, "d"]);

  it("clears one slot and leaves the rest in place", () => {
    expect(clearSlot(slots, 1)).toEqual(slotsFrom(["a", null, null, "d"]));
  });

  it("moves a slot's castaway, the slots between shifting by one", () => {
    expect(moveSlot(slots, 0, 3)).toEqual(slotsFrom(["b", null, "d", "a"]));
    expect(moveSlot(slots, 3, 2)).toEqual(slotsFrom(["a", "b", "d", null]));
    expect(moveSlot(slots, 0, 10)).toEqual(slots);
  });

  it("finds the next empty slot after a fill, wrapping to the first", () => {
    expect(nextEmptySlot(slotsFrom(["a", null, "c"]), 2)).toBe(3);
    const full = Array.from({ length: 10 }, (_, i) => `x${i}`);
    full[1] = null as unknown as string;
    expect(nextEmptySlot(full, 5)).toBe(1);
    expect(
      nextEmptySlot(
        full.map((x, i) => x ?? `y${i}`),
        0,
      ),
    ).toBeNull();
  });
});

describe("submitProblem", () => {
  it("needs ten slots and at least one castaway", () => {
    expect(submitProblem(null)).toBe(GLOBAL_MESSAGES.dataMissing);
    expect(submitProblem(emptySlots())).toBe(GLOBAL_MESSAGES.emptySubmission);
    expect(submitProblem(slotsFrom(["a"]))).toBeNull();
    expect(filledCount(slotsFrom(["a", null, "b"]))).toBe(2);
  });
});

it("compares votes slot by slot and words a move for screen readers", () => {
  expect(sameSlots(slotsFrom(["a"]), slotsFrom(["a"]))).toBe(true);
  expect(sameSlots(slotsFrom(["a"]), slotsFrom([null, "a"]))).toBe(false);
  expect(movedAnnouncement("Savannah Louie", 3)).toBe("Savannah Louie moved to position 3 of 10");
});
