// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useRef, useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { Modal } from "./modal.tsx";

function Harness({ withInitialFocus = false }: { withInitialFocus?: boolean }) {
  const [open, setOpen] = useState(false);
  const first = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <button type="button">Elsewhere</button>
      {open && (
        <Modal
          title="Share Your Ranking"
          onClose={() => setOpen(false)}
          initialFocusRef={withInitialFocus ? first : undefined}
        >
          <button ref={first} type="button">
            First
          </button>
          <button type="button" onClick={() => setOpen(false)}>
            Close
          </button>
          <div inert>
            <button type="button">Out of reach</button>
          </div>
        </Modal>
      )}
    </>
  );
}

function openModal(withInitialFocus = false) {
  render(<Harness withInitialFocus={withInitialFocus} />);
  const opener = screen.getByRole("button", { name: "Open" });
  opener.focus();
  fireEvent.click(opener);
  return { opener, dialog: screen.getByRole("dialog", { name: "Share Your Ranking" }) };
}

describe("Modal", () => {
  afterEach(cleanup);

  it("is a modal dialog named by its title, and takes the focus", () => {
    const { dialog } = openModal();
    expect(dialog.getAttribute("aria-modal")).toBe("true");
    expect(document.activeElement).toBe(dialog);
  });

  it("focuses the element it is given", () => {
    openModal(true);
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "First" }));
  });

  it("Escape closes it and the focus goes back to the opener", () => {
    const { opener, dialog } = openModal();
    fireEvent.keyDown(dialog, { key: "Escape" });
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it("a click on the backdrop closes it", () => {
    openModal();
    fireEvent.click(document.querySelector(".modal-backdrop")!);
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("Tab and Shift+Tab go round inside, skipping inert parts", () => {
    const { dialog } = openModal(true);
    const first = screen.getByRole("button", { name: "First" });
    const close = screen.getByRole("button", { name: "Close" });
    close.focus();
    fireEvent.keyDown(close, { key: "Tab" });
    expect(document.activeElement).toBe(first);
    fireEvent.keyDown(first, { key: "Tab", shiftKey: true });
    expect(document.activeElement).toBe(close);
    dialog.focus();
    fireEvent.keyDown(dialog, { key: "Tab", shiftKey: true });
    expect(document.activeElement).toBe(close);
  });

  it("takes back focus that lands outside it", () => {
    const { dialog } = openModal();
    act(() => screen.getByRole("button", { name: "Elsewhere" }).focus());
    expect(document.activeElement).toBe(dialog);
  });

  it("holds the page still while open, and frees it on close", () => {
    const { dialog } = openModal();
    expect(document.documentElement.style.overflow).toBe("hidden");
    fireEvent.keyDown(dialog, { key: "Escape" });
    expect(document.documentElement.style.overflow).toBe("");
  });
});
