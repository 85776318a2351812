import { Hono } from "hono";
import { TrieRouter } from "hono/router/trie-router";
import { describe, expect, it } from "vitest";
import { REMEMBERED_MATCHES, RememberingRouter } from "./remembering-router.ts";

const ROUTES: [string, string][] = [
  ["ALL", "*"],
  ["ALL", "/api/*"],
  ["GET", "/api/browse"],
  ["GET", "/api/lists/:id"],
  ["POST", "/api/lists/:id/upvote"],
  ["GET", "/api/consensus/:kind/:slice"],
  ["GET", "/api/consensus/lists/:userId/:listId"],
  ["POST", "/api/notifications/:id/read"],
  ["POST", "/api/notifications/read-all"],
  ["GET", "/files/*"],
];

const PATHS = [
  "/api/browse",
  "/api/lists/a1",
  "/api/lists/b2",
  "/api/lists/a1/upvote",
  "/api/consensus/seasons/all",
  "/api/consensus/lists/u1/l1",
  "/api/notifications/n1/read",
  "/api/notifications/read-all",
  "/files/x/y.png",
  "/nowhere",
];

function both() {
  const remembering = new RememberingRouter<string>();
  const trie = new TrieRouter<string>();
  for (const [method, path] of ROUTES) {
    remembering.add(method, path, `${method} ${path}`);
    trie.add(method, path, `${method} ${path}`);
  }
  return { remembering, trie };
}

describe("the remembering router", () => {
  it("answers as Hono's trie router does, the first time and again", () => {
    const { remembering, trie } = both();
    for (let round = 0; round < 3; round++) {
      for (const path of PATHS) {
        for (const method of ["GET", "POST"]) {
          expect(remembering.match(method, path), `${method} ${path}`).toEqual(trie.match(method, path));
        }
      }
    }
    // Only the matches without parameters are kept.
    const fixed = PATHS.flatMap((path) =>
      ["GET", "POST"].filter((method) =>
        trie.match(method, path)[0].every(([, p]) => !Object.keys(p).length),
      ),
    );
    expect(fixed.length).toBeGreaterThan(4);
    expect(remembering.size).toBe(fixed.length);
  });

  it("does not keep matches with parameters, however many are asked for", () => {
    const { remembering, trie } = both();
    for (let i = 0; i < 100; i++) {
      expect(remembering.match("GET", `/api/lists/id-${i}`)).toEqual(trie.match("GET", `/api/lists/id-${i}`));
    }
    expect(remembering.size).toBe(0);
  });

  it("forgets what it matched when a route is added", () => {
    const { remembering } = both();
    expect(remembering.match("GET", "/api/home")[0].map(([h]) => h)).toEqual(["ALL *", "ALL /api/*"]);
    remembering.add("GET", "/api/home", "GET /api/home");
    expect(remembering.match("GET", "/api/home")[0].map(([h]) => h)).toContain("GET /api/home");
  });

  it("keeps at most its limit however many paths are asked for, and stays right", () => {
    const { remembering, trie } = both();
    for (let i = 0; i < REMEMBERED_MATCHES * 2; i++) remembering.match("GET", `/nowhere-${i}`);
    expect(remembering.size).toBe(REMEMBERED_MATCHES);
    expect(remembering.match("GET", "/nowhere-0")).toEqual(trie.match("GET", "/nowhere-0"));
  });

  it("gives each request its own parameters in an app", async () => {
    const app = new Hono({ router: new RememberingRouter() }).get("/lists/:id", (c) =>
      c.text(c.req.param("id")),
    );
    for (const id of ["a", "b", "a", "b", "caf%C3%A9"]) {
      expect(await (await app.request(`/lists/${id}`)).text()).toBe(decodeURIComponent(id));
    }
  });
});
