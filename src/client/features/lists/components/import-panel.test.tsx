// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { seasonsQueryOptions } from "#client/lib/seasons-query.ts";
import { listToJson } from "#shared/list-export.ts";
import { referenceCatalog } from "#testing/reference-catalog.ts";
import ImportPanel from "./import-panel.tsx";

const catalog = referenceCatalog();

function renderPanel(currentItems: string[] = []) {
  const client = new QueryClient();
  client.setQueryData(seasonsQueryOptions().queryKey, catalog);
  const onApply = vi.fn();
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={client}>
      <ImportPanel currentItems={currentItems} onApply={onApply} onClose={onClose} />
    </QueryClientProvider>,
  );
  return { onApply, onClose };
}

const paste = (text: string) =>
  fireEvent.change(screen.getByLabelText("Lines to import"), { target: { value: text } });

afterEach(cleanup);

describe("ImportPanel", () => {
  it("shows each line's match, lets a line be fixed or a candidate picked, then adds", async () => {
    const { onApply, onClose } = renderPanel(["s4-rob-mariano"]);
    paste("1. Boston Rob\n3) Cagayan\n#4 Joe\nXyzzy\n");
    await screen.findByText("2 matched, 2 to fix.");
    expect(screen.getByText("No season or contestant matches this line. Edit it:")).toBeTruthy();
    expect(screen.getByText("Several match. Choose one, or edit the line:")).toBeTruthy();

    const [, xyzzy] = screen.getAllByLabelText("Edit line");
    fireEvent.change(xyzzy!, { target: { value: "Sandra (Heroes vs. Villains)" } });
    await screen.findByText("3 matched, 1 to fix.");
    fireEvent.click(within(screen.getByRole("group", { name: "#4 Joe" })).getAllByRole("button")[0]!);
    await screen.findByText("4 matched.");

    fireEvent.click(screen.getByRole("button", { name: "Add 4 to the list" }));
    expect(onApply).toHaveBeenCalledTimes(1);
    const [update, note] = onApply.mock.calls[0]!;
    // Boston Rob is there already; Cagayan is a season in a castaway list.
    expect(update.items.slice(0, 1)).toEqual(["s4-rob-mariano"]);
    expect(update.items).toContain("s20-sandra-diaz-twine");
    expect(update.items).toHaveLength(3);
    expect(note).toBe("Added 2 entries. Skipped 1 already in the list. Cannot mix contestants and seasons.");
    expect(onClose).toHaveBeenCalled();
  });

  it("replaces the form with a downloaded JSON list", async () => {
    const { onApply } = renderPanel(["s1"]);
    const items = ["s28-tony-vlachos", "s20-parvati-shallow"].map((id) => catalog.byId.get(id)!);
    paste(listToJson({ name: "Mine", description: "Two", tags: ["social"], kind: "castaways", items }));
    await screen.findByText("A list downloaded from Survivor Rankings: “Mine”, 2 entries.");
    fireEvent.click(screen.getByRole("button", { name: "Replace the form with this list" }));
    await waitFor(() => expect(onApply).toHaveBeenCalled());
    expect(onApply.mock.calls[0]).toEqual([
      {
        name: "Mine",
        description: "Two",
        tags: ["social"],
        items: ["s28-tony-vlachos", "s20-parvati-shallow"],
      },
      "Added 2 entries.",
    ]);
  });
});
