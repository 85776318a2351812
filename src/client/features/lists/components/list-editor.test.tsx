// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { PickItem } from "#client/lib/pick-item.ts";
import { buildCatalog, seasonsQueryOptions } from "#client/lib/seasons-query.ts";
import { LIST_MESSAGES } from "#shared/lists.ts";
import { EMPTY_EDITOR } from "../model/draft-rules.ts";
import { readSessionDraft } from "../model/session-draft.ts";
import { ListEditor } from "./list-editor.tsx";

const castaway = (id: string, name: string): PickItem => ({
  id,
  name,
  isSeason: false,
  seasonId: "s1",
  seasonName: "Survivor: Borneo",
  seasonNumber: 1,
  imageUrl: `/media/headshots/${id}`,
});
const RICH = castaway("s1-richard-hatch", "Richard Hatch");
const KELLY = castaway("s1-kelly-wiglesworth", "Kelly Wiglesworth");

function renderEditor() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(
    seasonsQueryOptions().queryKey,
    buildCatalog([
      {
        id: "s1",
        name: "Survivor: Borneo",
        number: 1,
        castaways: [
          { id: RICH.id, name: RICH.name },
          { id: KELLY.id, name: KELLY.name },
        ],
      } as Parameters<typeof buildCatalog>[0][number],
    ]),
  );
  let onPick: (item: PickItem) => void = () => {};
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={["/create"]}>
        <ListEditor
          initial={EMPTY_EDITOR}
          initialError={null}
          initiallyChanged={false}
          signedIn={false}
          userId={null}
          isMobile={false}
          renderPicker={(pick) => {
            onPick = pick;
            return null;
          }}
          renderPickPreview={() => null}
          onOpenPicker={() => {}}
        />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { pick: (item: PickItem) => act(() => onPick(item)) };
}

const undoButton = () => screen.getByRole("button", { name: "Undo" }) as HTMLButtonElement;
const redoButton = () => screen.getByRole("button", { name: "Redo" }) as HTMLButtonElement;
const ranked = () =>
  screen.queryAllByRole("button", { name: /^Remove / }).map((b) => b.getAttribute("aria-label"));
const nameField = () => screen.getByLabelText("List Name") as HTMLInputElement;

beforeEach(() => {
  sessionStorage.clear();
  vi.stubGlobal("fetch", () => new Promise(() => {}));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("list builder undo and redo", () => {
  it("undoes and redoes a removal, the buttons saying when they can", () => {
    const { pick } = renderEditor();
    expect(undoButton().disabled).toBe(true);
    expect(redoButton().disabled).toBe(true);
    pick(RICH);
    pick(KELLY);
    fireEvent.click(screen.getByRole("button", { name: "Remove Richard Hatch" }));
    expect(ranked()).toEqual(["Remove Kelly Wiglesworth"]);
    expect(undoButton().disabled).toBe(false);

    fireEvent.click(undoButton());
    expect(ranked()).toEqual(["Remove Richard Hatch", "Remove Kelly Wiglesworth"]);
    expect(redoButton().disabled).toBe(false);
    fireEvent.click(redoButton());
    expect(ranked()).toEqual(["Remove Kelly Wiglesworth"]);
    expect(redoButton().disabled).toBe(true);

    // Back to the start: nothing more to undo.
    fireEvent.click(undoButton());
    fireEvent.click(undoButton());
    fireEvent.click(undoButton());
    expect(ranked()).toEqual([]);
    expect(undoButton().disabled).toBe(true);
  });

  it("takes Ctrl+Z, Ctrl+Shift+Z, Ctrl+Y and Cmd+Z outside text fields", () => {
    const { pick } = renderEditor();
    pick(RICH);
    fireEvent.keyDown(document.body, { key: "z", ctrlKey: true });
    expect(ranked()).toEqual([]);
    fireEvent.keyDown(document.body, { key: "Z", ctrlKey: true, shiftKey: true });
    expect(ranked()).toEqual(["Remove Richard Hatch"]);
    fireEvent.keyDown(document.body, { key: "z", metaKey: true });
    expect(ranked()).toEqual([]);
    fireEvent.keyDown(document.body, { key: "y", ctrlKey: true });
    expect(ranked()).toEqual(["Remove Richard Hatch"]);
  });

  it("leaves Ctrl+Z in a text field to the browser, and makes a run of typing one step", () => {
    const { pick } = renderEditor();
    pick(RICH);
    fireEvent.change(nameField(), { target: { value: "M" } });
    fireEvent.change(nameField(), { target: { value: "My" } });
    fireEvent.change(nameField(), { target: { value: "My top" } });
    fireEvent.keyDown(nameField(), { key: "z", ctrlKey: true });
    expect(nameField().value).toBe("My top");
    expect(ranked()).toEqual(["Remove Richard Hatch"]);

    fireEvent.blur(nameField());
    fireEvent.change(nameField(), { target: { value: "My top ten" } });
    fireEvent.click(undoButton());
    expect(nameField().value).toBe("My top");
    fireEvent.click(undoButton());
    expect(nameField().value).toBe("");
    expect(ranked()).toEqual(["Remove Richard Hatch"]);
  });

  it("undoes Clear List, the tab's draft following", () => {
    const confirm = vi.fn(() => true);
    vi.stubGlobal("confirm", confirm);
    const { pick } = renderEditor();
    pick(RICH);
    fireEvent.click(screen.getByRole("button", { name: "Strategic" }));
    fireEvent.click(screen.getByRole("button", { name: "Clear List" }));
    expect(confirm).toHaveBeenCalledWith(LIST_MESSAGES.clearConfirm);
    expect(ranked()).toEqual([]);
    expect(readSessionDraft()).toBeNull();

    fireEvent.click(undoButton());
    expect(ranked()).toEqual(["Remove Richard Hatch"]);
    expect(screen.getByRole("button", { name: "Strategic" }).getAttribute("aria-pressed")).toBe("true");
    expect(readSessionDraft()).toMatchObject({ userList: [RICH.id], listTags: ["strategic"] });

    fireEvent.click(redoButton());
    expect(ranked()).toEqual([]);
    expect(readSessionDraft()).toBeNull();
  });
});
