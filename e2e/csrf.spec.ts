import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { APIRequestContext, Page } from "@playwright/test";
import { fillPath, isWriteMethod, routeTable } from "#server/security/route-table.ts";
import { createScratchDatabase } from "#testing/scratch-postgres.ts";
import { launchServer } from "#testing/server-process.ts";
import { createTestApp } from "#testing/test-app.ts";
import { freePort } from "./browser-path.ts";
import { baseURL, expect, PASSWORD, test, uniqueEmail } from "./fixtures.ts";

// Decision 010: a page on another origin of the same site
// (another port of localhost, so the Lax session cookie goes along) tries
// every write route of the app with the signed-in user's cookie: as HTML
// forms (urlencoded and text/plain, the bodies a form can send) and as
// credentialed fetches. The server refuses each one, and nothing changes.
//
// Both backends: the suite's server (PGlite, e2e/global-setup.ts), and, when
// TEST_DATABASE_URL is set (as in .ci/run), a second server this spec starts
// on a scratch PostgreSQL database, for this spec alone: the Origin check
// runs before any query, but the refusals and "nothing changed" are proven
// on the database the server really runs on.

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

interface Member {
  id: string;
  name: string;
  email: string;
  cookie: string;
}

/** A new account on the server at `base`, signed up through the API as its own page would. */
async function member(base: string): Promise<Member> {
  const email = uniqueEmail("csrf");
  const res = await fetch(`${base}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: base },
    body: JSON.stringify({ email, password: PASSWORD, name: email.split("@")[0] }),
  });
  if (!res.ok) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  const { user } = (await res.json()) as { user: { id: string; name: string } };
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  return { id: user.id, name: user.name, email, cookie };
}

async function state(api: APIRequestContext, base: string, author: Member, listId: string) {
  const read = async (path: string) => (await api.get(`${base}${path}`)).json();
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

/** The app on a fresh scratch PostgreSQL database, as `npm start` runs it with DATABASE_URL. */
async function startOnPostgres(adminUrl: string): Promise<{ url: string; stop(): Promise<void> }> {
  const scratch = await createScratchDatabase(adminUrl, "sr_e2e_csrf");
  const dataDir = mkdtempSync(join(tmpdir(), "sr-e2e-csrf-"));
  const cleanUp = async () => {
    await scratch.drop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const url = `http://localhost:${await freePort()}`;
    const server = await launchServer({
      PORT: new URL(url).port,
      PUBLIC_URL: url,
      DATABASE_URL: scratch.url,
      DATA_DIR: dataDir,
      SMTP_URL: "",
    });
    return {
      url,
      async stop() {
        server.child.kill("SIGTERM");
        await server.exited;
        await cleanUp();
      },
    };
  } catch (e) {
    await cleanUp();
    throw e;
  }
}

/**
 * Signs a victim into `page` on the server at `base`, has the attacker's page
 * fire every write route at it, and checks each was refused and nothing changed.
 */
async function attackEveryWriteRoute(page: Page, base: string, attackerOrigin: string) {
  const routes = await writeRoutes();
  expect(routes.length).toBeGreaterThan(15);

  const victim = await member(base);
  // The browser holds the victim's session, as after signing in on the app's own page.
  const signIn = await page.request.post(`${base}/api/auth/sign-in/email`, {
    data: { email: victim.email, password: PASSWORD },
    headers: { Origin: base },
  });
  expect(signIn.ok(), await signIn.text()).toBe(true);

  // Someone else's list and comment for the victim's cookie to act on.
  const author = await member(base);
  const asAuthor = (path: string, body: unknown) =>
    fetch(`${base}${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: base, Cookie: author.cookie },
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
      base +
      fillPath(r.path, (name) =>
        name === "id" ? (r.path.includes("reference-lists") ? "maddysList" : "any") : (values[name] ?? "x"),
      ),
  }));

  const before = await state(page.request, base, author, list.id);
  expect(before.signedInAs).toBe(victim.name);

  const seen: { method: string; url: string; status: number; kind: string }[] = [];
  page.on("response", (res) => {
    const req = res.request();
    if (req.url().startsWith(`${base}/api/`) && req.method() !== "OPTIONS") {
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
    if (req.url().startsWith(`${base}/api/`)) {
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

  const after = await state(page.request, base, author, list.id);
  expect(after).toEqual(before);
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
    page,
  }) => {
    test.setTimeout(180_000);
    await attackEveryWriteRoute(page, baseURL(), attackerOrigin);
  });

  const adminUrl = process.env.TEST_DATABASE_URL;
  test("the same on PostgreSQL", async ({ page }) => {
    test.skip(!adminUrl, "TEST_DATABASE_URL is not set: the PostgreSQL run is skipped");
    // Starting a server (migrations included) takes a while on a busy machine.
    test.setTimeout(360_000);
    const server = await startOnPostgres(adminUrl!);
    try {
      await attackEveryWriteRoute(page, server.url, attackerOrigin);
    } finally {
      await server.stop();
    }
  });
});
