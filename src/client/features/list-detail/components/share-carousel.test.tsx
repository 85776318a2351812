// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { type CarouselSlide, ShareCarousel } from "./share-carousel.tsx";

const SLIDES: CarouselSlide[] = [
  { key: "classic", src: "blob:classic", alt: "Queens: classic", name: "Classic layout" },
  { key: "beach", src: "blob:beach", alt: "Queens: beach", name: "Beach layout" },
];

function Harness() {
  const [index, setIndex] = useState(0);
  return (
    <ShareCarousel slides={SLIDES} index={index} onIndexChange={setIndex} label="Queens: share pictures" />
  );
}

const carousel = () => screen.getByRole("region", { name: "Queens: share pictures" });
const dots = () => [
  screen.getByRole("button", { name: "Show Classic layout (1 of 2)" }),
  screen.getByRole("button", { name: "Show Beach layout (2 of 2)" }),
];
/** The slide shown: the only one not hidden from assistive technology. */
const shown = () => screen.getByRole("img").getAttribute("alt");

function swipe(dx: number, dy = 0) {
  const viewport = carousel().querySelector(".share-carousel-viewport")!;
  fireEvent.touchStart(viewport, { touches: [{ clientX: 200, clientY: 300 }] });
  fireEvent.touchEnd(viewport, { changedTouches: [{ clientX: 200 + dx, clientY: 300 + dy }] });
}

describe("ShareCarousel", () => {
  afterEach(cleanup);

  it("shows the first picture, its dot marked current and its name read out", () => {
    render(<Harness />);
    expect(shown()).toBe("Queens: classic");
    expect(dots()[0]!.getAttribute("aria-current")).toBe("true");
    expect(dots()[1]!.hasAttribute("aria-current")).toBe(false);
    expect(screen.getByText("Classic layout").getAttribute("aria-live")).toBe("polite");
    expect(carousel().getAttribute("aria-roledescription")).toBe("carousel");
  });

  it("arrows step forward and back, going round at the ends", () => {
    render(<Harness />);
    fireEvent.click(screen.getByRole("button", { name: "Next image" }));
    expect(shown()).toBe("Queens: beach");
    expect(dots()[1]!.getAttribute("aria-current")).toBe("true");
    fireEvent.click(screen.getByRole("button", { name: "Next image" }));
    expect(shown()).toBe("Queens: classic");
    fireEvent.click(screen.getByRole("button", { name: "Previous image" }));
    expect(shown()).toBe("Queens: beach");
    expect(screen.getByText("Beach layout")).toBeTruthy();
  });

  it("a dot shows its picture", () => {
    render(<Harness />);
    fireEvent.click(dots()[1]!);
    expect(shown()).toBe("Queens: beach");
    fireEvent.click(dots()[0]!);
    expect(shown()).toBe("Queens: classic");
  });

  it("Left and Right keys step; other keys do nothing", () => {
    render(<Harness />);
    fireEvent.keyDown(carousel(), { key: "ArrowRight" });
    expect(shown()).toBe("Queens: beach");
    fireEvent.keyDown(carousel(), { key: "ArrowDown" });
    expect(shown()).toBe("Queens: beach");
    fireEvent.keyDown(carousel(), { key: "ArrowLeft" });
    expect(shown()).toBe("Queens: classic");
    // From a control inside, too (the key bubbles to the carousel).
    fireEvent.keyDown(dots()[0]!, { key: "ArrowLeft" });
    expect(shown()).toBe("Queens: beach");
  });

  it("a swipe of 49 px does nothing; 51 px moves one picture that way", () => {
    render(<Harness />);
    swipe(-49);
    expect(shown()).toBe("Queens: classic");
    swipe(-51);
    expect(shown()).toBe("Queens: beach");
    swipe(49);
    expect(shown()).toBe("Queens: beach");
    swipe(51);
    expect(shown()).toBe("Queens: classic");
  });

  it("a mostly vertical move is a scroll, not a swipe", () => {
    render(<Harness />);
    swipe(-60, 90);
    expect(shown()).toBe("Queens: classic");
  });

  it("the hidden picture is out of reach (inert) but stays loaded", () => {
    render(<Harness />);
    const images = carousel().querySelectorAll("img");
    expect(images).toHaveLength(2);
    expect(images[1]!.closest("[inert]")).not.toBeNull();
    expect(images[0]!.closest("[inert]")).toBeNull();
  });
});
