import { vi } from "vitest";

/** jsdom has no matchMedia: a stub whose queries match where `matches` says so (none by default). */
export function stubMatchMedia(matches: (query: string) => boolean = () => false): void {
  vi.stubGlobal("matchMedia", (query: string) => ({
    matches: matches(query),
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}
