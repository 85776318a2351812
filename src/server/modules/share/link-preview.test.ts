import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pngSize } from "#testing/png-size.ts";
import { createTestApp, TEST_ORIGIN, type TestApp, type TestUser } from "#testing/test-app.ts";
import { createList } from "../lists/lists.service.ts";

// A list's page as a crawler reads it: no JavaScript, only the head's tags,
// then the picture they name.

const metaContent = (html: string, key: string) =>
  html.match(new RegExp(`<meta (?:property|name)="${key.replace(/[.:]/g, "\\$&")}" content="([^"]*)"`))?.[1];
const unescape = (s: string) =>
  s
    .replace(/&amp;/g, "&")
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"');

describe("a list page's link preview", () => {
  let clientDir: string;
  let t: TestApp;
  let ann: TestUser;
  let listId: string;

  beforeAll(async () => {
    clientDir = mkdtempSync(join(tmpdir(), "sr-client-"));
    copyFileSync(new URL("../../../client/index.html", import.meta.url), join(clientDir, "index.html"));
    t = await createTestApp({ clientDir });
    ann = await t.signUp("ann-preview@example.com", undefined, "Ann $& Co");
    const list = await createList(t.store, ann.id, {
      name: "Villains $' ranked $`",
      description: "",
      tags: [],
      items: ["s20-parvati-shallow", "s1-richard-hatch", "s40-tony-vlachos"],
    });
    listId = list.id;
  });
  afterAll(async () => {
    await t.close();
    rmSync(clientDir, { recursive: true, force: true });
  });

  it("names the 1200x630 picture, which answers a PNG of that size", async () => {
    const page = await t.request(`/list/${ann.id}/${listId}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("<title>Villains $&#39; ranked $` by Ann $&amp; Co | Survivor Rankings</title>");
    expect(metaContent(html, "twitter:card")).toBe("summary_large_image");
    expect(metaContent(html, "og:image:width")).toBe("1200");
    expect(metaContent(html, "og:image:height")).toBe("630");
    expect(metaContent(html, "og:image:type")).toBe("image/png");
    const image = unescape(metaContent(html, "og:image")!);
    expect(metaContent(html, "twitter:image")).toBe(metaContent(html, "og:image"));
    expect(image.startsWith(`${TEST_ORIGIN}/api/lists/${ann.id}/${listId}/share?`)).toBe(true);

    const res = await t.request(image.slice(TEST_ORIGIN.length));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(pngSize(Buffer.from(await res.arrayBuffer()))).toEqual({ width: 1200, height: 630 });
  });

  it("writes no control, zero-width or bidirectional character into the title and tags", async () => {
    // As a list saved before names and texts were cleaned would hold them.
    const sneaky = "\u202E\u2066Evil\u200B\u001B[2J\u0007 twin\u2069\u200F";
    const list = await createList(t.store, ann.id, {
      name: sneaky,
      description: `line one\nline two ${sneaky}`,
      tags: [],
      items: ["s1"],
    });
    const html = await (await t.request(`/list/${ann.id}/${list.id}`)).text();
    const head = html.slice(0, html.indexOf("</head>"));
    expect(head).toContain("<title>Evil [2J twin by Ann $&amp; Co | Survivor Rankings</title>");
    expect(metaContent(html, "og:title")).toBe("Evil [2J twin by Ann $&amp; Co | Survivor Rankings");
    expect(metaContent(html, "og:description")).toBe("line one line two Evil [2J twin");
    expect(metaContent(html, "twitter:description")).toBe(metaContent(html, "og:description"));
    expect(head).not.toMatch(
      /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u200B-\u200F\u202A-\u202E\u2066-\u2069]/,
    );
  });

  it("serves the plain page for a list that does not exist or a path no list can have", async () => {
    for (const path of [
      `/list/${ann.id}/list_0`,
      `/list/nobody/list_0`,
      `/list/${ann.id}/${"x".repeat(200)}`,
    ]) {
      const res = await t.request(path);
      expect(res.status, path).toBe(200);
      const html = await res.text();
      expect(html).toContain("<title>Survivor Rankings</title>");
      expect(html).not.toContain("og:image");
    }
  });
});
