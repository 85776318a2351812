// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ToastProvider } from "#client/components/ui/toast.tsx";
import type { PickItem } from "#client/lib/pick-item.ts";
import { buildCatalog, seasonsQueryOptions } from "#client/lib/seasons-query.ts";
import { VoteEditor } from "./vote-editor.tsx";
import { stubMatchMedia } from "#testing/match-media.ts";

const savannah = { id: "s49-savannah-louie", name: "Savannah Louie" };
const sophie = { id: "s49-sophie-segreti", name: "Sophie Segreti" };
const SAVANNAH: PickItem = {
  ...savannah,
  isSeason: false,
  seasonId: "s49",
  seasonName: "Survivor 49",
  seasonNumber: 49,
  imageUrl: "/media/headshots/s49-savannah-louie",
};

beforeEach(() => {
  stubMatchMedia();
  vi.stubGlobal("fetch", () => new Promise(() => {}));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderEditor(initialSlots: (string | null)[] | null) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(
    seasonsQueryOptions().queryKey,
    buildCatalog([
      {
        id: "s49",
        name: "Survivor 49",
        number: 49,
        castaways: [savannah, sophie],
      } as Parameters<typeof buildCatalog>[0][number],
    ]),
  );
  let onPick: (item: PickItem) => void = () => {};
  render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <VoteEditor
          categoryId="season-49"
          seasonNumber={49}
          title="My Submitted Ranking"
          initialSlots={initialSlots}
          onSubmitted={() => {}}
          renderPicker={(slot) => {
            onPick = slot.onPick;
            return null;
          }}
          renderPickPreview={() => null}
        />
      </ToastProvider>
    </QueryClientProvider>,
  );
  return { pick: (item: PickItem) => act(() => onPick(item)) };
}

const undo = () => screen.getByRole("button", { name: "Undo" }) as HTMLButtonElement;
const redo = () => screen.getByRole("button", { name: "Redo" }) as HTMLButtonElement;
const at = (position: number, name: string) =>
  screen.queryByRole("button", { name: `Position ${position}: ${name}` }) !== null;

describe("vote editor undo and redo", () => {
  it("undoes and redoes placements, moves and removals", () => {
    const { pick } = renderEditor([sophie.id, null, null, null, null, null, null, null, null, null]);
    expect(undo().disabled).toBe(true);
    expect(redo().disabled).toBe(true);

    // The first empty slot is chosen on arrival: the pick fills #2.
    pick(SAVANNAH);
    expect(at(2, "Savannah Louie")).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "Move Savannah Louie up" }));
    expect(at(1, "Savannah Louie")).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "Remove Sophie Segreti" }));
    expect(at(2, "Sophie Segreti")).toBe(false);

    fireEvent.click(undo());
    expect(at(2, "Sophie Segreti")).toBe(true);
    fireEvent.keyDown(document.body, { key: "z", ctrlKey: true });
    expect(at(1, "Sophie Segreti")).toBe(true);
    expect(at(2, "Savannah Louie")).toBe(true);
    fireEvent.keyDown(document.body, { key: "z", metaKey: true });
    expect(at(2, "Savannah Louie")).toBe(false);
    expect(undo().disabled).toBe(true);
    expect(redo().disabled).toBe(false);

    fireEvent.click(redo());
    expect(at(2, "Savannah Louie")).toBe(true);
    fireEvent.keyDown(document.body, { key: "y", ctrlKey: true });
    expect(at(1, "Savannah Louie")).toBe(true);
    fireEvent.keyDown(document.body, { key: "Z", ctrlKey: true, shiftKey: true });
    expect(at(2, "Sophie Segreti")).toBe(false);
    expect(redo().disabled).toBe(true);
  });
});
