import { describe, expect, it } from "vitest";
import { withPageMeta } from "./spa-html.ts";

const index = `<html><head><meta name="description" content="x" /><title>Survivor Rankings</title></head><body></body></html>`;

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
    expect(html).not.toContain("<script>");
  });
});
