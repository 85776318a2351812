import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SHARE_SIZES } from "#shared/share-images.ts";
import { pngSize } from "#testing/png-size.ts";
import {
  call,
  launchServer,
  type ServerProcess,
  serverBundle,
  signUpMember,
} from "#testing/server-process.ts";

// The server as `npm start` runs it (node dist/server/main.js, bundled by
// esbuild): the share renderer's worker thread must be bundled beside it and
// found there, with no TypeScript loader in the process.

// The bundle is the same on either database: once is enough (the PGlite run).
describe.skipIf(process.env.TEST_DB_KIND === "postgres")("share pictures from the bundled server", () => {
  let dir: string;
  let server: ServerProcess;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "sr-share-bundle-"));
    // Generous: a first start creates the database, slow on a busy machine.
    server = await launchServer({ DATA_DIR: dir }, 240_000);
  }, 300_000);
  afterAll(async () => {
    server?.child.kill("SIGKILL");
    await server?.exited;
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("bundles the worker beside the server", async () => {
    expect(existsSync(join(dirname(await serverBundle()), "share-render-worker.js"))).toBe(true);
  });

  it("draws a picture in its worker thread, and stops cleanly after", async () => {
    const ann = await signUpMember(server.url, "ann-bundle@example.com");
    const created = await call(server.url, "/api/lists", {
      json: { name: "Drawn by the bundle", items: ["s1-richard-hatch", "s20-parvati-shallow"] },
      cookie: ann.cookie,
    });
    expect(created.status).toBe(201);
    const { list } = (await created.json()) as { list: { id: string; userId: string } };
    for (const size of ["preview", "portrait"] as const) {
      const res = await call(server.url, `/api/lists/${list.userId}/${list.id}/share?size=${size}`);
      expect(res.status, await res.clone().text()).toBe(200);
      expect(pngSize(Buffer.from(await res.arrayBuffer()))).toEqual(SHARE_SIZES[size]);
    }

    server.child.kill("SIGTERM");
    expect(await server.exited).toEqual({ code: 0, signal: null });
    expect(server.stdout()).toContain('"msg":"stopped cleanly"');
    expect(server.stderr()).toBe("");
  });
});
