import { createServer, type Server } from "node:http";
import type { APIRequestContext } from "@playwright/test";
import { fillPath, isWriteMethod, routeTable } from "#server/security/route-table.ts";
import { createTestApp } from "#testing/test-app.ts";
import { baseURL, createUser, expect, type E2EUser, test } from "./fixtures.ts";

// F5 (issue 12), decision 010: a page on another origin of the same site
// (another port of localhost, so the Lax session cookie goes along) tries
// every write route of the app with the signed-in user's cookie: as HTML
// forms (urlencoded and text/plain, the bodies a form can send) and as
// credentialed fetches. The server refuses each one, and nothing changes.

interface Target {
  method: string;
  url: string;
}

/** The app's write routes, read off an in-process app (its route table, better-auth's endpoints). */
async function writeRoutes(): Promise<{ method: string; path: string }[]> {
  const app = await createTestApp();
  try {
    const out: { method: string; path: string }[] = [];
    const authEndpoints = Object.values(
      app.auth.api as Record<string, { path?: string; options?: { method?: unknown } }>,
    ).flatMap((e) =>
      typeof e.path === "string"
        ? [e.options?.method].flat().map((m) => ({ method: String(m), path: `/api/auth${e.path}` }))
        : [],
    );
    for (const route of routeTable(app.app)) {
      if (!route.path.startsWith("/api/")) continue;
      if (route.path === "/api/auth/*") {
        out.push(...authEndpoints.filter((e) => e.method === route.method && isWriteMethod(e.method)));
      } else if (isWriteMethod(route.method) && route.method !== "ALL") {
        out.push(route);
      }
    }
    return out;
  } finally {
    await app.close();
  }
}

const ATTACK_PAGE = `<!doctype html><meta charset="utf-8"><title>Win a prize</title>
<script>
async function attack(targets) {
  const pending = [];
  for (const [i, t] of targets.entries()) {
    const json = JSON.stringify({ name: "pwned", displayName: "pwned", text: "pwned", value: 1, items: ["s1"] });
    if (t.method === "POST") {
      for (const enctype of ["application/x-www-form-urlencoded", "text/plain"]) {
        const frame = document.createElement("iframe");
        frame.name = "f" + i + enctype.length;
        document.body.append(frame);
        const form = document.createElement("form");
        form.method = "POST";
        form.action = t.url;
        form.enctype = enctype;
        form.target = frame.name;
        const input = document.createElement("input");
        // text/plain sends 'name=value': this makes the body valid JSON.
        input.name = json.slice(0, -1) + ', "x": "';
        input.value = '"}';
        form.append(input);
        document.body.append(form);
        pending.push(new Promise((resolve) => { frame.onload = resolve; setTimeout(resolve, 5000); }));
        form.submit();
      }
      pending.push(fetch(t.url, { method: "POST", credentials: "include", mode: "no-cors",
        headers: { "Content-Type": "text/plain" }, body: json }).catch(() => null));
    }
    // Any method, as JSON: the browser must ask first (CORS preflight), and is not allowed.
    pending.push(fetch(t.url, { method: t.method, credentials: "include",
      headers: { "Content-Type": "application/json" }, body: json }).then((r) => r.status, () => "blocked"));
  }
  await Promise.all(pending);
  return pending.length;
}
</script><body></body>`;

async function state(api: APIRequestContext, author: E2EUser, listId: string) {
  const read = async (path: string) => (await api.get(path)).json();
  const list = (await read(`/api/lists/${author.id}/${listId}`)) as {
    list: { upvoteCount: number; name: string; viewer: { upvoted: boolean; favorited: boolean } };
  };
  const session = (await read("/api/auth/get-session")) as { user: { name: string } } | null;
  const mine = (await read("/api/me/lists")) as { lists: unknown[] };
  const comments = (await read(
    `/api/comments?listUserId=${encodeURIComponent(author.id)}&listId=${encodeURIComponent(listId)}`,
  )) as { comments?: unknown[]; total?: number };
  const draft = (await read("/api/me/draft")) as { draft: unknown };
  return {
    upvotes: list.list.upvoteCount,
    listName: list.list.name,
    viewer: list.list.viewer,
    signedInAs: session?.user.name ?? null,
    myLists: mine.lists.length,
    comments: JSON.stringify(comments).length,
    draft: draft.draft,
  };
}

test.describe("CSRF", () => {
  let attacker: Server;
  let attackerOrigin: string;
  test.beforeAll(async () => {
    attacker = createServer((_req, res) => {
      res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
      res.end(ATTACK_PAGE);
    });
    await new Promise<void>((r) => attacker.listen(0, r));
    attackerOrigin = `http://localhost:${(attacker.address() as { port: number }).port}`;
  });
  test.afterAll(() => new Promise<void>((r) => attacker.close(() => r())));

  test("a page on another port of the same host changes nothing through any write route", async ({
    signedInPage: page,
    user,
  }) => {
    test.setTimeout(180_000);
    const routes = await writeRoutes();
    expect(routes.length).toBeGreaterThan(15);

    // Someone else's list and comment for the victim's cookie to act on.
    const author = await createUser();
    // What the victim sees, read through their own cookie.
    const victim = page.request;
    const signIn = await fetch(`${baseURL()}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: baseURL() },
      body: JSON.stringify({ email: author.email, password: author.password }),
    });
    const authorCookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const asAuthor = (path: string, body: unknown) =>
      fetch(`${baseURL()}${path}`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: baseURL(), Cookie: authorCookie },
        body: JSON.stringify(body),
      }).then((r) => r.json());
    const { list } = (await asAuthor("/api/lists", { name: "Target", items: ["s1"] })) as {
      list: { id: string };
    };
    const { id: commentId } = (await asAuthor("/api/comments", {
      target: { listUserId: author.id, listId: list.id },
      text: "first",
    })) as { id: string };

    const values: Record<string, string> = {
      userId: author.id,
      listId: list.id,
      commentId,
      categoryId: "season-49",
    };
    const targets: Target[] = routes.map((r) => ({
      method: r.method,
      url:
        baseURL() +
        fillPath(r.path, (name) =>
          name === "id" ? (r.path.includes("reference-lists") ? "maddysList" : "any") : (values[name] ?? "x"),
        ),
    }));

    const before = await state(victim, author, list.id);
    expect(before.signedInAs).toBe(user.name);

    const seen: { method: string; url: string; status: number; kind: string }[] = [];
    page.on("response", (res) => {
      const req = res.request();
      if (req.url().startsWith(`${baseURL()}/api/`) && req.method() !== "OPTIONS") {
        seen.push({
          method: req.method(),
          url: req.url(),
          status: res.status(),
          kind: `${req.resourceType()} ${req.headers()["content-type"] ?? "-"}`,
        });
      }
    });
    const failed: string[] = [];
    page.on("requestfailed", (req) => {
      if (req.url().startsWith(`${baseURL()}/api/`)) {
        failed.push(`${req.method()} ${req.resourceType()} ${req.failure()?.errorText}`);
      }
    });
    await page.goto(attackerOrigin);
    const attempts = await page.evaluate(
      (t) => (window as unknown as { attack: (t: Target[]) => Promise<number> }).attack(t),
      targets,
    );
    expect(attempts).toBeGreaterThan(targets.length);

    // Every form post reached the app and was refused as cross-origin (the
    // frame then also refuses to show the answer: frame-ancestors 'none').
    const posts = targets.filter((t) => t.method === "POST").length;
    const tally = () =>
      JSON.stringify(
        seen.reduce<Record<string, number>>((n, s) => ({ ...n, [s.kind]: (n[s.kind] ?? 0) + 1 }), {}),
      );
    await expect
      .poll(() => seen.length, { timeout: 30_000, message: tally() })
      .toBeGreaterThanOrEqual(posts * 2);
    expect(seen.filter((s) => s.status !== 403)).toEqual([]);
    // Every fetch failed in the browser: a simple POST's answer is withheld
    // (Cross-Origin-Resource-Policy), the rest never pass the CORS preflight.
    // That they changed nothing on the server is what the state below shows.
    const failedFetches = () => failed.filter((f) => f.includes(" fetch ")).length;
    await expect.poll(failedFetches, { timeout: 30_000 }).toBe(posts + targets.length);

    const after = await state(victim, author, list.id);
    expect(after).toEqual(before);
  });
});
