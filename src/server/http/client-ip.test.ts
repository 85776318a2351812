import { describe, expect, it } from "vitest";
import { parseEnv, trustedProxies } from "../env.ts";
import { resolveClientIp } from "./client-ip.ts";

const proxies = new Set(["127.0.0.1", "10.0.0.2"]);

describe("the client's address behind trusted proxies", () => {
  it("is the peer when the peer is not a trusted proxy, whatever the header says", () => {
    expect(resolveClientIp("203.0.113.9", "198.51.100.1", proxies)).toBe("203.0.113.9");
  });

  it("is the address the trusted proxy saw", () => {
    expect(resolveClientIp("127.0.0.1", "198.51.100.1", proxies)).toBe("198.51.100.1");
    expect(resolveClientIp("::ffff:127.0.0.1", " 198.51.100.1 ", proxies)).toBe("198.51.100.1");
  });

  it("believes only the proxies' part of the chain, not what the client put in front", () => {
    // The client sent "X-Forwarded-For: 1.1.1.1"; proxy 10.0.0.2 appended the client, 127.0.0.1 appended 10.0.0.2.
    expect(resolveClientIp("127.0.0.1", "1.1.1.1, 198.51.100.1, 10.0.0.2", proxies)).toBe("198.51.100.1");
  });

  it("stops at a hop that is not an address", () => {
    expect(resolveClientIp("127.0.0.1", "1.1.1.1, unknown", proxies)).toBe("127.0.0.1");
    expect(resolveClientIp("127.0.0.1", "garbage, 198.51.100.1", proxies)).toBe("198.51.100.1");
  });

  it("is the peer when a trusted proxy sends no header", () => {
    expect(resolveClientIp("127.0.0.1", undefined, proxies)).toBe("127.0.0.1");
  });

  it("reads TRUSTED_PROXIES as comma-separated addresses and refuses anything else", () => {
    expect(trustedProxies(parseEnv({ TRUSTED_PROXIES: "127.0.0.1, ::1" }))).toEqual(["127.0.0.1", "::1"]);
    expect(trustedProxies(parseEnv({}))).toEqual([]);
    expect(() => parseEnv({ TRUSTED_PROXIES: "localhost" })).toThrow(
      "Invalid environment variable TRUSTED_PROXIES: must be comma-separated IP addresses",
    );
  });
});

describe("per-address limits behind a trusted proxy", () => {
  it("count each forwarded client apart, and everyone together without TRUSTED_PROXIES", async () => {
    const { createTestApp, TEST_ORIGIN } = await import("#testing/test-app.ts");
    const { SIGN_IN_LIMIT } = await import("../modules/auth/auth.routes.ts");
    // What @hono/node-server hands the app for a connection from the proxy.
    const fromProxy = {
      incoming: { socket: { remoteAddress: "127.0.0.1", remoteFamily: "IPv4", remotePort: 4000 } },
    };
    const signIn = (app: Awaited<ReturnType<typeof createTestApp>>["app"], client: string) =>
      app.request(
        `${TEST_ORIGIN}/api/auth/sign-in/email`,
        {
          method: "POST",
          headers: { Origin: TEST_ORIGIN, "Content-Type": "application/json", "X-Forwarded-For": client },
          body: JSON.stringify({ email: "nobody@example.com", password: "wrong-password-123" }),
        },
        fromProxy,
      );
    for (const trusted of [true, false]) {
      const t = await createTestApp(trusted ? { env: { TRUSTED_PROXIES: "127.0.0.1" } } : {});
      try {
        for (let i = 0; i < SIGN_IN_LIMIT.max; i++)
          expect((await signIn(t.app, "198.51.100.1")).status).toBe(401);
        expect((await signIn(t.app, "198.51.100.1")).status).toBe(429);
        // Another person behind the same proxy: their own count, or the proxy's shared one.
        expect((await signIn(t.app, "198.51.100.2")).status).toBe(trusted ? 401 : 429);
      } finally {
        await t.close();
      }
    }
  }, 120_000);
});
