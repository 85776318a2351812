// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { readVisitorHorizon, saveVisitorHorizon } from "#client/lib/spoiler-horizon.ts";
import { useCarryOverSpoilerHorizon } from "./spoiler-horizon-api.ts";

// A visitor's horizon follows them into their account (docs/product.md, "Spoiler horizon").

function Carrier() {
  useCarryOverSpoilerHorizon();
  return null;
}

function renderSignedIn(user: unknown) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(["session"], user);
  const writes: { url: string; method: string; body: unknown }[] = [];
  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init: RequestInit = {}) => {
    if (init.method === "PUT") {
      const body = JSON.parse(String(init.body)) as { horizon: unknown };
      writes.push({ url: String(input), method: init.method, body });
      return Response.json(body);
    }
    return Response.json(null);
  });
  render(
    <QueryClientProvider client={client}>
      <Carrier />
    </QueryClientProvider>,
  );
  return writes;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  saveVisitorHorizon(null);
});

describe("carrying a visitor's horizon over at sign-in", () => {
  it("saves it on an account that has none, and leaves this browser", async () => {
    saveVisitorHorizon({ upTo: 12 });
    const writes = renderSignedIn({ id: "u1", name: "U", spoilerHorizon: null });
    await waitFor(() => expect(readVisitorHorizon()).toBeNull());
    expect(writes).toEqual([
      { url: "/api/me/spoiler-horizon", method: "PUT", body: { horizon: { upTo: 12 } } },
    ]);
  });

  it("keeps the account's own horizon", async () => {
    saveVisitorHorizon({ upTo: 12 });
    const writes = renderSignedIn({ id: "u1", name: "U", spoilerHorizon: '{"upTo":40}' });
    await new Promise((r) => setTimeout(r, 20));
    expect(writes).toEqual([]);
    expect(readVisitorHorizon()).toEqual({ upTo: 12 });
  });

  it("does nothing for a visitor", async () => {
    saveVisitorHorizon({ upTo: 12 });
    const writes = renderSignedIn(null);
    await new Promise((r) => setTimeout(r, 20));
    expect(writes).toEqual([]);
  });
});
