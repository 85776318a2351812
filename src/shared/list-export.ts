// A list written out as a file (docs/product.md, List page, "Export and import"):
// our own versioned JSON, CSV and plain text. Pure, so the list page builds the
// files from the list it already has and the builder reads them back.
import { AUTO_TAG_IDS, type ListKind, stripSurvivorPrefix, USER_TAG_IDS } from "./lists.ts";

export const LIST_EXPORT_FORMAT = "survivor-rankings/list";
export const LIST_EXPORT_VERSION = 1;

/** What an export needs of a list: the list page's list fits as it is. */
export interface ExportableList {
  name: string;
  description: string;
  tags: readonly string[];
  kind: ListKind | null;
  items: readonly { id: string; name: string; isSeason: boolean; seasonName: string }[];
}

/** The JSON file's shape, version 1. */
export interface ListExportV1 {
  format: typeof LIST_EXPORT_FORMAT;
  version: typeof LIST_EXPORT_VERSION;
  name: string;
  description: string;
  /** Chosen tags only: the kind tag follows from the entries. */
  tags: string[];
  kind: ListKind | null;
  items: { id: string; name: string; season: string }[];
}

export type ExportFormat = "json" | "csv" | "text";

export const EXPORT_FORMATS: readonly {
  format: ExportFormat;
  label: string;
  extension: string;
  mime: string;
}[] = [
  { format: "json", label: "JSON", extension: "json", mime: "application/json" },
  { format: "csv", label: "CSV", extension: "csv", mime: "text/csv" },
  { format: "text", label: "Text", extension: "txt", mime: "text/plain" },
];

export const CSV_HEADER = "rank,name,season,id";

/**
 * A season as a text line names it after a castaway: 'Borneo', and 'Season 41'
 * for the numbered ones (a bare '41' would read as a rank).
 */
export function seasonLabel(seasonName: string): string {
  const short = stripSurvivorPrefix(seasonName);
  return /^\d+$/.test(short) ? `Season ${short}` : short;
}

export function listToJson(list: ExportableList): string {
  const file: ListExportV1 = {
    format: LIST_EXPORT_FORMAT,
    version: LIST_EXPORT_VERSION,
    name: list.name,
    description: list.description,
    tags: list.tags.filter((t) => !AUTO_TAG_IDS.includes(t)),
    kind: list.kind,
    items: list.items.map((e) => ({ id: e.id, name: e.name, season: e.seasonName })),
  };
  return `${JSON.stringify(file, null, 2)}\n`;
}

/** RFC 4180: a field with a comma, a quote or a line break is quoted, its quotes doubled. */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

export function listToCsv(list: ExportableList): string {
  const rows = list.items.map((e, i) =>
    [String(i + 1), e.name, e.isSeason ? "" : e.seasonName, e.id].map(csvField).join(","),
  );
  return `${[CSV_HEADER, ...rows].join("\r\n")}\r\n`;
}

/** '1. Richard Hatch (Borneo)'; a season: '1. Survivor: Borneo'. */
export function listToText(list: ExportableList): string {
  return list.items
    .map((e, i) => `${i + 1}. ${e.isSeason ? e.name : `${e.name} (${seasonLabel(e.seasonName)})`}\n`)
    .join("");
}

export function exportList(list: ExportableList, format: ExportFormat): string {
  if (format === "json") return listToJson(list);
  if (format === "csv") return listToCsv(list);
  return listToText(list);
}

/** A file name from the list's name: 'Best of Borneo!' → 'best-of-borneo.json'. */
export function exportFileName(name: string, format: ExportFormat): string {
  const base =
    name
      .normalize("NFKD")
      .replace(/\p{M}/gu, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 50)
      .replace(/-+$/, "") || "survivor-ranking";
  const extension = EXPORT_FORMATS.find((f) => f.format === format)!.extension;
  return `${base}.${extension}`;
}

/** Splits CSV text into rows of fields (quoted fields may hold commas, quotes and line breaks). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"' && field === "") quoted = true;
    else if (ch === ",") {
      row.push(field);
      field = "";
    } else if (ch === "\n" || ch === "\r") {
      if (ch === "\r" && text[i + 1] === "\n") i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
    } else field += ch;
  }
  if (field !== "" || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

const isString = (v: unknown): v is string => typeof v === "string";

/**
 * Reads a JSON export back; null when the text is not one of ours. Unknown
 * tags are dropped (the server accepts only the chosen ones); entries are
 * checked against the catalog by the caller.
 */
export function parseListJson(text: string): ListExportV1 | null {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof data !== "object" || data === null) return null;
  const d = data as Record<string, unknown>;
  if (d.format !== LIST_EXPORT_FORMAT || d.version !== LIST_EXPORT_VERSION) return null;
  if (!isString(d.name) || !Array.isArray(d.items)) return null;
  const items: ListExportV1["items"] = [];
  for (const raw of d.items as unknown[]) {
    if (typeof raw !== "object" || raw === null) return null;
    const it = raw as Record<string, unknown>;
    if (!isString(it.id)) return null;
    items.push({
      id: it.id,
      name: isString(it.name) ? it.name : "",
      season: isString(it.season) ? it.season : "",
    });
  }
  const tags = Array.isArray(d.tags) ? d.tags.filter(isString) : [];
  return {
    format: LIST_EXPORT_FORMAT,
    version: LIST_EXPORT_VERSION,
    name: d.name,
    description: isString(d.description) ? d.description : "",
    tags: [...new Set(tags.filter((t) => (USER_TAG_IDS as readonly string[]).includes(t)))],
    kind: d.kind === "seasons" || d.kind === "castaways" ? d.kind : null,
    items,
  };
}
