import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { withPageMeta } from "./spa-html.ts";

const index = `<html><head><meta name="description" content="x" /><title>Survivor Rankings</title></head><body></body></html>`;
// The real one: its description tag spans several lines.
const realIndex = readFileSync(new URL("../../client/index.html", import.meta.url), "utf8");

const image = {
  url: "http://localhost:3000/api/lists/u/l/share?size=preview",
  width: 1200,
  height: 630,
  type: "image/png",
};

const count = (html: string, pattern: RegExp) => (html.match(new RegExp(pattern, "g")) ?? []).length;

describe("withPageMeta", () => {
  it("sets the title, description and Open Graph tags, escaped", () => {
    const html = withPageMeta(index, {
      title: `Best "villains" <script>`,
      description: "Tom & Jerri",
      url: "http://localhost:3000/list/u/list_1",
    });
    expect(html).toContain("<title>Best &quot;villains&quot; &lt;script&gt;</title>");
    expect(html).toContain(`<meta property="og:title" content="Best &quot;villains&quot; &lt;script&gt;" />`);
    expect(html).toContain(`<meta property="og:description" content="Tom &amp; Jerri" />`);
    expect(html).toContain(`<meta name="description" content="Tom &amp; Jerri" />`);
    expect(html).toContain(`<meta name="twitter:card" content="summary" />`);
    expect(html).not.toContain("<script>");
  });

  it("keeps $-patterns in page text as written (String.replace would read them as patterns)", () => {
    const text = "Top $' and $` and $& and $$ and $1";
    const html = withPageMeta(realIndex, { title: text, description: text, url: "http://x/list/u/l" });
    expect(html).toContain(`<title>Top $&#39; and $\` and $&amp; and $$ and $1</title>`);
    expect(html).toContain(
      `<meta name="description" content="Top $&#39; and $\` and $&amp; and $$ and $1" />`,
    );
    // Nothing of the page around the tags was copied into them.
    expect(count(html, /<head>/)).toBe(1);
    expect(count(html, /<\/head>/)).toBe(1);
    expect(count(html, /<body/)).toBe(1);
    expect(html).toContain(`<div id="root"></div>`);
  });

  it("replaces the real index.html's description, written over several lines, and its title", () => {
    expect(realIndex).toMatch(/<meta\s*\n\s*name="description"/);
    const html = withPageMeta(realIndex, {
      title: "A list",
      description: "Its description",
      url: "http://x/list/u/l",
    });
    expect(count(html, /<title>/)).toBe(1);
    expect(count(html, /name="description"/)).toBe(1);
    expect(html).not.toContain("Build, share and browse ranked lists");
    expect(html).toContain(`<meta name="description" content="Its description" />`);
    // The rest of the head is kept.
    expect(html).toContain(`<meta charset="UTF-8" />`);
    expect(html).toContain(`<link rel="icon" href="/favicon.svg" type="image/svg+xml" />`);
    expect(html.indexOf("og:title")).toBeLessThan(html.indexOf("</head>"));
  });

  it("names the link-preview picture with its size and a large card", () => {
    const html = withPageMeta(realIndex, {
      title: "A list",
      description: "d",
      url: "http://x/list/u/l",
      image,
    });
    expect(html).toContain(`<meta property="og:image" content="${image.url}" />`);
    expect(html).toContain(`<meta property="og:image:width" content="1200" />`);
    expect(html).toContain(`<meta property="og:image:height" content="630" />`);
    expect(html).toContain(`<meta property="og:image:type" content="image/png" />`);
    expect(html).toContain(`<meta name="twitter:card" content="summary_large_image" />`);
    expect(html).toContain(`<meta name="twitter:image" content="${image.url}" />`);
    expect(html).not.toContain(`content="summary"`);
  });

  it("escapes an image URL's query separators", () => {
    const html = withPageMeta(index, {
      title: "t",
      description: "d",
      url: "u",
      image: { ...image, url: "http://x/share?size=preview&v=abc" },
    });
    expect(html).toContain(`content="http://x/share?size=preview&amp;v=abc"`);
  });
});
