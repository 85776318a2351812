import { RESET_MAIL_LIMIT } from "./auth.routes.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ErrorBody } from "#server/http/errors.ts";
import { createTestApp, TEST_PASSWORD, type TestApp } from "#testing/test-app.ts";
import { AUTH_MESSAGES } from "#shared/messages.ts";
import { SIGN_IN_LIMIT } from "./auth.routes.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Better Auth's own body (code, message, user) or, for routes of ours, an ErrorBody. */
interface AuthBody extends Partial<ErrorBody> {
  code?: string;
  message?: string;
  user?: { id: string; name: string; email: string };
}

async function post(path: string, json: unknown, cookie?: string) {
  const res = await t.request(path, { json, ...(cookie ? { cookie } : {}) });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as AuthBody | null };
}

const signUp = (email: string, password = TEST_PASSWORD, name?: string) =>
  post("/api/auth/sign-up/email", { email, password, name: name ?? email.split("@")[0] });
const signIn = (email: string, password = TEST_PASSWORD) =>
  post("/api/auth/sign-in/email", { email, password });

async function sessionUser(cookie: string) {
  const res = await t.request("/api/auth/get-session", { cookie });
  expect(res.status).toBe(200);
  return ((await res.json()) as { user: { id: string; name: string } } | null)?.user ?? null;
}

describe("sign-up", () => {
  it("names the user after the part of the email before the at-sign", async () => {
    const user = await t.signUp("castaway.one@example.test");
    expect(user.name).toBe("castaway.one");
    expect((await sessionUser(user.cookie))?.name).toBe("castaway.one");
  });

  it("falls back to the email's prefix when no name is sent", async () => {
    const { status, body } = await post("/api/auth/sign-up/email", {
      email: "noname@example.test",
      password: TEST_PASSWORD,
      name: "",
    });
    expect(status).toBe(200);
    expect(body?.user?.name).toBe("noname");
  });

  it("gives a second user with the same email prefix a distinct name", async () => {
    const first = await t.signUp("bob@one.test");
    const second = await t.signUp("bob@two.test");
    const third = await t.signUp("BOB@three.test");
    expect(first.name).toBe("bob");
    expect(second.name).toBe("bob2");
    expect(third.name).toBe("BOB3");
  });

  it("refuses an email already in use, also in other letter case", async () => {
    await t.signUp("taken@example.test");
    for (const email of ["taken@example.test", "TAKEN@Example.test"]) {
      const { status, body } = await signUp(email, "another-password");
      expect(status, email).toBe(422);
      // The client maps both of better-auth's codes to the product's text.
      expect(["USER_ALREADY_EXISTS", "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL"]).toContain(body?.code);
    }
  });

  it("refuses a password that is too short or too long", async () => {
    const short = await signUp("shorty@example.test", "1234567");
    expect(short.status).toBe(400);
    expect(short.body?.code).toBe("PASSWORD_TOO_SHORT");
    const long = await signUp("longy@example.test", "x".repeat(129));
    expect(long.status).toBe(400);
    expect(long.body?.code).toBe("PASSWORD_TOO_LONG");
    // Exactly the minimum is fine.
    expect((await signUp("eight@example.test", "12345678")).status).toBe(200);
  });

  it("signs the new user in", async () => {
    const user = await t.signUp("fresh@example.test");
    expect((await sessionUser(user.cookie))?.id).toBe(user.id);
  });
});

describe("sign-in", () => {
  beforeAll(async () => {
    await t.signUp("known@example.test");
  });

  it("signs in with the right password, in any letter case of the email", async () => {
    const user = await t.signIn("Known@Example.test");
    expect(user.email).toBe("known@example.test");
    expect((await sessionUser(user.cookie))?.id).toBe(user.id);
  });

  it("answers a wrong password with INVALID_PASSWORD and the product's text", async () => {
    const { status, body } = await signIn("known@example.test", "not-the-password");
    expect(status).toBe(401);
    expect(body).toEqual({ code: "INVALID_PASSWORD", message: AUTH_MESSAGES.wrongPassword });
    expect(body?.message).toBe("Incorrect password. Please try again.");
  });

  it("answers an unknown email with USER_NOT_FOUND and the product's text", async () => {
    const { status, body } = await signIn("nobody@example.test", "whatever-password");
    expect(status).toBe(401);
    expect(body).toEqual({ code: "USER_NOT_FOUND", message: AUTH_MESSAGES.userNotFound });
    expect(body?.message).toBe("No account found with this email. Please sign up.");
  });

  it("limits attempts per email with a 429 that says to wait", async () => {
    const email = "hammered@example.test";
    await t.signUp(email);
    for (let i = 0; i < SIGN_IN_LIMIT.max; i++) {
      expect((await signIn(email, `wrong-${i}-password`)).status).toBe(401);
    }
    const limited = await signIn(email, `wrong-again-password`);
    expect(limited.status).toBe(429);
    expect(limited.body?.error?.code).toBe("RATE_LIMITED");
    expect(limited.body?.error?.message).toMatch(/Too many sign-in attempts/);
    // Even the right password waits out the window...
    expect((await signIn(email)).status).toBe(429);
    // ...while other accounts are unaffected.
    expect((await signIn("known@example.test")).status).toBe(200);
  });
});

describe("password reset", () => {
  const email = "forgetful@example.test";
  const newPassword = "a-brand-new-password";

  beforeAll(async () => {
    await t.signUp(email);
  });

  it("mails a link that leads back to /login with a token that sets a new password", async () => {
    const before = await t.signIn(email);
    const sent = t.outbox.length;
    const requested = await post("/api/auth/request-password-reset", { email, redirectTo: "/login" });
    expect(requested.status).toBe(200);

    const mail = t.outbox.at(-1)!;
    expect(t.outbox.length).toBe(sent + 1);
    expect(mail.to).toBe(email);
    const link = /https?:\/\/\S+/.exec(mail.text)?.[0];
    expect(link).toContain("/api/auth/reset-password/");

    // The link checks the token and sends the browser to the reset form.
    const url = new URL(link!);
    const followed = await t.request(url.pathname + url.search, { redirect: "manual" });
    expect(followed.status).toBe(302);
    const target = new URL(followed.headers.get("location")!, "http://localhost:3000");
    expect(target.pathname).toBe("/login");
    const token = target.searchParams.get("token");
    expect(token).toBeTruthy();

    const reset = await post("/api/auth/reset-password", { token, newPassword });
    expect(reset.status).toBe(200);

    expect((await signIn(email)).body?.code).toBe("INVALID_PASSWORD");
    expect((await signIn(email, newPassword)).status).toBe(200);
    // Sessions from before the reset are ended.
    expect(await sessionUser(before.cookie)).toBeNull();
    // A token works once.
    const again = await post("/api/auth/reset-password", { token, newPassword: "yet-another-password" });
    expect(again.status).toBe(400);
    expect(again.body?.code).toBe("INVALID_TOKEN");
  });

  it("sends an unknown token's link back to /login with error=INVALID_TOKEN", async () => {
    const res = await t.request("/api/auth/reset-password/not-a-token?callbackURL=%2Flogin", {
      redirect: "manual",
    });
    expect(res.status).toBe(302);
    const target = new URL(res.headers.get("location")!, "http://localhost:3000");
    expect(target.pathname).toBe("/login");
    expect(target.searchParams.get("error")).toBe("INVALID_TOKEN");
  });

  it("refuses a new password that is too short", async () => {
    await post("/api/auth/request-password-reset", { email, redirectTo: "/login" });
    const link = new URL(/https?:\/\/\S+/.exec(t.outbox.at(-1)!.text)![0]);
    const token = link.pathname.split("/").at(-1);
    const res = await post("/api/auth/reset-password", { token, newPassword: "short" });
    expect(res.status).toBe(400);
    expect(res.body?.code).toBe("PASSWORD_TOO_SHORT");
  });

  it("answers an unknown email like a known one and sends nothing", async () => {
    const sent = t.outbox.length;
    const res = await post("/api/auth/request-password-reset", {
      email: "stranger@example.test",
      redirectTo: "/login",
    });
    expect(res.status).toBe(200);
    expect(t.outbox.length).toBe(sent);
  });

  it("limits reset mails per recipient", async () => {
    const target = "flooded@example.test";
    await t.signUp(target);
    const sent = t.outbox.length;
    const statuses: number[] = [];
    for (let i = 0; i < RESET_MAIL_LIMIT.max + 2; i++) {
      statuses.push(
        (await post("/api/auth/request-password-reset", { email: target, redirectTo: "/login" })).status,
      );
    }
    expect(statuses.slice(0, RESET_MAIL_LIMIT.max).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    expect(t.outbox.length - sent).toBe(RESET_MAIL_LIMIT.max);
  });
});

describe("sign-out", () => {
  it("ends the session", async () => {
    const user = await t.signUp("leaving@example.test");
    expect((await sessionUser(user.cookie))?.id).toBe(user.id);
    const res = await post("/api/auth/sign-out", {}, user.cookie);
    expect(res.status).toBe(200);
    expect(await sessionUser(user.cookie)).toBeNull();
  });
});

describe("providers", () => {
  it("says which identity providers are configured", async () => {
    const res = await t.request("/api/auth/providers");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ google: false, twitter: false });
  });

  it("refuses to start a sign-in with an unconfigured provider", async () => {
    const res = await post("/api/auth/sign-in/social", { provider: "twitter", callbackURL: "/login" });
    expect(res.status).toBe(404);
    expect(res.body?.code).toBe("PROVIDER_NOT_FOUND");
  });
});

describe("better-auth's own profile routes are closed", () => {
  it("answers update-user and change-email with 404 and leaves the name as it was", async () => {
    const user = await t.signUp("f1-user@example.test");
    const taken = await t.signUp("f1-taken@example.test");
    for (const name of ["x".repeat(5000), "", "   ", { a: 1 }, null, taken.name.toUpperCase()]) {
      const res = await t.request("/api/auth/update-user", { json: { name }, cookie: user.cookie });
      expect(res.status, JSON.stringify(name)).toBe(404);
    }
    const change = await t.request("/api/auth/change-email", {
      json: { newEmail: "f1-new@example.test" },
      cookie: user.cookie,
    });
    expect(change.status).toBe(404);
    expect((await sessionUser(user.cookie))?.name).toBe(user.name);
  });
});

describe("two sign-ups deriving one display name at once", () => {
  it("both succeed, the second with the next free name", async () => {
    const results = await Promise.all(
      ["race@one.test", "race@two.test", "race@three.test", "race@four.test"].map((email) => signUp(email)),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    const names = results.map((r) => r.body?.user?.name).sort();
    expect(names).toEqual(["race", "race2", "race3", "race4"]);
  });
});

describe("per-account sign-up limit", () => {
  it("keys on the normalised email", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      statuses.push((await signUp(i % 2 ? "LIMITED@example.test" : "limited@example.test", "short")).status);
    }
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
  });
});
