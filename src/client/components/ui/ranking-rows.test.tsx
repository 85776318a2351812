// @vitest-environment jsdom
import { DndContext } from "@dnd-kit/core";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { RankingList } from "./ranking-rows.tsx";

interface Entry {
  id: string;
  name: string;
  season: string;
}

const entries: Entry[] = [
  { id: "s20", name: "Survivor: Heroes vs. Villains", season: "Season 20" },
  { id: "s2", name: "Survivor: The Australian Outback", season: "Season 2" },
];
// A face that shortens the name, as the home page's does: labels must keep the full one.
const describeEntry = (e: Entry) => ({
  name: e.name.replace("Survivor: ", ""),
  detail: e.season,
  imageUrl: "/media/placeholder",
  isSeason: true,
});

function renderList(list: Entry[], extra: { compact?: boolean; isMobile?: boolean } = {}) {
  const onMove = vi.fn();
  const onRemove = vi.fn();
  const onOpenPicker = vi.fn();
  render(
    <DndContext>
      <RankingList
        entries={list}
        describe={describeEntry}
        label="Test list"
        emptyTitle="Nothing here."
        dropIndex={null}
        pickerDragActive={false}
        isMobile={extra.isMobile ?? false}
        onRemove={onRemove}
        onMove={onMove}
        onOpenPicker={onOpenPicker}
        compact={extra.compact}
        testId="test-zone"
      />
    </DndContext>,
  );
  return { onMove, onRemove, onOpenPicker };
}

describe("RankingList", () => {
  afterEach(cleanup);

  it("shows each entry through the caller's face and labels its buttons with the entry's name", () => {
    const { onMove, onRemove } = renderList(entries);
    const list = screen.getByRole("list", { name: "Test list" });
    const rows = within(list).getAllByRole("listitem");
    expect(rows.map((r) => r.textContent)).toEqual([
      "1Heroes vs. VillainsSeason 20",
      "2The Australian OutbackSeason 2",
    ]);
    fireEvent.click(screen.getByRole("button", { name: "Move Survivor: The Australian Outback up" }));
    expect(onMove).toHaveBeenCalledWith(1, 0);
    fireEvent.click(screen.getByRole("button", { name: "Remove Survivor: Heroes vs. Villains" }));
    expect(onRemove).toHaveBeenCalledWith("s20");
    expect(screen.getByRole("button", { name: "Move Survivor: Heroes vs. Villains up" })).toHaveProperty(
      "disabled",
      true,
    );
  });

  it("marks the zone, rows and row parts compact when asked", () => {
    renderList(entries, { compact: true });
    const zone = screen.getByTestId("test-zone");
    expect(zone.classList.contains("is-compact")).toBe(true);
    for (const row of within(zone).getAllByRole("listitem")) {
      expect(row.classList.contains("is-compact")).toBe(true);
      expect(row.querySelector(".ranking-pos.is-compact")).not.toBeNull();
    }
  });

  it("shows the caller's empty title; on a phone the empty state opens the picker", () => {
    const { onOpenPicker } = renderList([], { isMobile: true });
    fireEvent.click(screen.getByRole("button", { name: /Nothing here\./ }));
    expect(onOpenPicker).toHaveBeenCalled();
  });
});

describe("RankingList with fixed slots", () => {
  afterEach(cleanup);

  interface Slot {
    id: string;
    name: string;
    empty: boolean;
  }
  const slots: Slot[] = [
    { id: "s49-savannah-louie", name: "Savannah Louie", empty: false },
    { id: "empty-slot-2", name: "Vote for #2", empty: true },
    { id: "s49-sophie-segreti", name: "Sophie Segreti", empty: false },
  ];

  function renderSlots(selectedIndex: number | null, isMobile = false) {
    const onSelect = vi.fn();
    const onMove = vi.fn();
    render(
      <DndContext>
        <RankingList
          entries={slots}
          describe={(s) => ({
            name: s.name,
            detail: "Survivor 49",
            imageUrl: "/media/placeholder",
            isSeason: false,
          })}
          label="My vote"
          emptyTitle="unused"
          dropIndex={null}
          pickerDragActive={false}
          isMobile={isMobile}
          onRemove={vi.fn()}
          onMove={onMove}
          onOpenPicker={vi.fn()}
          slots={{
            isEmpty: (s) => s.empty,
            emptyLabel: (n) => (isMobile ? "tap to vote!" : `Vote for #${n}`),
            selectedIndex,
            onSelect,
          }}
        />
      </DndContext>,
    );
    return { onSelect, onMove };
  }

  it("shows every slot, empty ones by their label, and chooses a slot on click", () => {
    const { onSelect } = renderSlots(2);
    const rows = within(screen.getByRole("list", { name: "My vote" })).getAllByRole("listitem");
    expect(rows).toHaveLength(3);
    expect(rows[1]!.textContent).toBe("2Vote for #2");
    fireEvent.click(screen.getByRole("button", { name: "Position 2: Vote for #2" }));
    expect(onSelect).toHaveBeenCalledWith(1);
    expect(rows[2]!.classList.contains("is-selected")).toBe(true);
    // An empty slot has nothing to move or remove.
    expect(within(rows[1]!).queryByRole("button", { name: /Move|Remove/ })).toBeNull();
  });

  it("says 'tap to vote!' on phones", () => {
    renderSlots(null, true);
    expect(screen.getAllByText("tap to vote!")).toHaveLength(1);
    expect(screen.getByRole("button", { name: "Position 1: Savannah Louie" })).toBeTruthy();
  });

  it("tells screen readers where a moved castaway went", () => {
    const { onMove } = renderSlots(null);
    fireEvent.click(screen.getByRole("button", { name: "Move Savannah Louie down" }));
    expect(onMove).toHaveBeenCalledWith(0, 1);
    expect(screen.getByText("Savannah Louie moved to position 2 of 3.")).toBeTruthy();
  });
});
