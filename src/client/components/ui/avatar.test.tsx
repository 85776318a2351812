// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { Avatar } from "./avatar.tsx";

afterEach(cleanup);

const UPLOADED = "/files/avatars/u1/abc-256.webp";
const img = () => screen.getByRole("img") as HTMLImageElement;
const anyImg = (container: HTMLElement) => container.querySelector("img")!;

describe("Avatar", () => {
  it("names the person, keeps its size fixed and loads lazily", () => {
    render(<Avatar url={UPLOADED} name="Ann" size={112} />);
    expect(img().getAttribute("alt")).toBe("Ann's profile picture");
    expect(img().getAttribute("src")).toBe(UPLOADED);
    expect([img().getAttribute("width"), img().getAttribute("height")]).toEqual(["112", "112"]);
    expect(img().getAttribute("loading")).toBe("lazy");
  });

  it("has an empty alt when the name is written beside it, and uses the small picture at small sizes", () => {
    const { container } = render(<Avatar url={UPLOADED} name="Ann" size={32} nameShown />);
    expect(anyImg(container).getAttribute("alt")).toBe("");
    expect(anyImg(container).getAttribute("src")).toBe("/files/avatars/u1/abc-64.webp");
  });

  it("shows the placeholder for a missing picture and for one that fails to load, and tries a new one", () => {
    const { rerender } = render(<Avatar url={null} name="Ann" size={48} />);
    expect(img().getAttribute("src")).toBe("/media/placeholder");
    rerender(<Avatar url="/media/headshots/s1-gone" name="Ann" size={48} />);
    expect(img().getAttribute("src")).toBe("/media/headshots/s1-gone");
    fireEvent.error(img());
    expect(img().getAttribute("src")).toBe("/media/placeholder");
    // The placeholder failing too is left alone (no loop).
    fireEvent.error(img());
    expect(img().getAttribute("src")).toBe("/media/placeholder");
    rerender(<Avatar url={UPLOADED} name="Ann" size={112} />);
    expect(img().getAttribute("src")).toBe(UPLOADED);
  });
});
