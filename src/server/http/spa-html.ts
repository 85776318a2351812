import { cleanText, withoutControlCharacters } from "#shared/text-rules.ts";

export interface PageMeta {
  title: string;
  description: string;
  url: string;
  /** The link-preview picture: an absolute URL and its size. */
  image?: { url: string; width: number; height: number; type: string };
}

/**
 * One line of visible text for the head: the shared text rule, with line
 * breaks and other control characters made spaces. Names and descriptions
 * are cleaned when saved; this also holds for rows saved before that rule
 * (docs/security.md, "Characters in names and texts").
 */
const headText = (s: string) => withoutControlCharacters(cleanText(s, "line"), "line");

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** A template whose every interpolated value is HTML-escaped: the only way page text reaches the head. */
function html(strings: TemplateStringsArray, ...values: (string | number)[]): string {
  return strings.reduce(
    (out, s, i) => out + s + (i < values.length ? escapeHtml(String(values[i])) : ""),
    "",
  );
}

// The tags of index.html this replaces, wherever their attributes or line
// breaks fall (the description's tag is written over several lines).
const TITLE = /[ \t]*<title\b[^>]*>[\s\S]*?<\/title>[ \t]*\r?\n?/i;
const DESCRIPTION = /[ \t]*<meta\b[^>]*\bname\s*=\s*["']description["'][^>]*>[ \t]*\r?\n?/i;
const HEAD_END = /<\/head>/i;

/**
 * The SPA's index.html with a page's title and link-preview tags, so a shared
 * link shows the list's name, description and picture in chat apps and
 * social sites, which do not run the app's JavaScript. The head is rebuilt
 * from the template above, never with String.replace patterns: page text
 * holding `$&` or `$'` must come out as written.
 */
export function withPageMeta(indexHtml: string, meta: PageMeta): string {
  const headEnd = indexHtml.search(HEAD_END);
  if (headEnd < 0) return indexHtml;
  const head = indexHtml
    .slice(0, headEnd)
    .replace(TITLE, () => "")
    .replace(DESCRIPTION, () => "");
  const { url, image } = meta;
  const title = headText(meta.title);
  const description = headText(meta.description);
  const tags = [
    html`<title>${title}</title>`,
    html`<meta name="description" content="${description}" />`,
    html`<meta property="og:type" content="article" />`,
    html`<meta property="og:site_name" content="Survivor Rankings" />`,
    html`<meta property="og:title" content="${title}" />`,
    html`<meta property="og:description" content="${description}" />`,
    html`<meta property="og:url" content="${url}" />`,
    ...(image
      ? [
          html`<meta property="og:image" content="${image.url}" />`,
          html`<meta property="og:image:width" content="${image.width}" />`,
          html`<meta property="og:image:height" content="${image.height}" />`,
          html`<meta property="og:image:type" content="${image.type}" />`,
          html`<meta name="twitter:card" content="summary_large_image" />`,
          html`<meta name="twitter:image" content="${image.url}" />`,
        ]
      : [html`<meta name="twitter:card" content="summary" />`]),
    html`<meta name="twitter:title" content="${title}" />`,
    html`<meta name="twitter:description" content="${description}" />`,
  ];
  return `${head.trimEnd()}\n    ${tags.join("\n    ")}\n  ${indexHtml.slice(headEnd)}`;
}
