// Paste-import on /create (docs/product.md, Lists and the list builder, "Export and import"):
// lines of text matched to seasons and castaways with the season picker's own search,
// or a JSON file exported from a list page read back exactly. Pure rules.
import { castawayMatches, normaliseQuery, seasonMatches } from "#client/lib/picker-search.ts";
import type { PickItem } from "#client/lib/pick-item.ts";
import { mixConflict, mixInlineMessage, type MixConflict } from "#client/lib/ranking-rules.ts";
import { CSV_HEADER, parseCsv, parseListJson, seasonLabel } from "#shared/list-export.ts";
import { LIMITS } from "#shared/limits.ts";
import { LIST_MESSAGES, stripSurvivorPrefix } from "#shared/lists.ts";
import { IMPORT_OPEN } from "./import-texts.ts";

export const IMPORT_MESSAGES = {
  open: IMPORT_OPEN,
  title: "Import a list",
  hint: "Paste one season or contestant per line. Numbers, bullets and spreadsheet columns are fine; name the season to tell returning players apart (“Parvati - Micronesia”). A JSON file downloaded from a list page imports as it was.",
  textLabel: "Lines to import",
  chooseFile: "Choose a file",
  close: "Close",
  unmatched: "No season or contestant matches this line. Edit it:",
  ambiguous: "Several match. Choose one, or edit the line:",
  seasonOf: "Season",
  editLine: "Edit line",
  jsonFound: (name: string, count: number) =>
    `A list downloaded from Survivor Rankings: “${name}”, ${count} ${count === 1 ? "entry" : "entries"}.`,
  jsonUnknown: (count: number) =>
    `${count} ${count === 1 ? "entry is" : "entries are"} not known here and will be left out.`,
  jsonReplace: "Replace the form with this list",
  summary: (matched: number, toFix: number) =>
    toFix === 0 ? `${matched} matched.` : `${matched} matched, ${toFix} to fix.`,
  add: (count: number) => `Add ${count} to the list`,
  added: (count: number) => `Added ${count} ${count === 1 ? "entry" : "entries"}.`,
  skipped: (count: number) => `Skipped ${count} already in the list.`,
} as const;

/** What the import matches against: the catalog the picker shows (#client/lib/seasons-query.ts). */
export interface ImportCatalog {
  seasonItems: readonly PickItem[];
  castawaysOf(seasonId: string): readonly PickItem[];
  byId: ReadonlyMap<string, PickItem>;
}

export type LineMatch =
  /** `others`: the same person's other seasons, to switch to. */
  | { status: "matched"; item: PickItem; others: PickItem[] }
  | { status: "ambiguous"; candidates: PickItem[] }
  | { status: "unmatched" };

export interface ImportLine {
  /** Index of the line in the pasted text (blank lines count), so a fix edits that line. */
  index: number;
  text: string;
  match: LineMatch;
}

export interface ImportedList {
  name: string;
  description: string;
  tags: string[];
  items: string[];
  /** Entries of the file this catalog does not know. */
  unknown: number;
}

export type ParsedImport =
  { kind: "empty" } | { kind: "json"; list: ImportedList } | { kind: "lines"; lines: ImportLine[] };

const CANDIDATES_SHOWN = 8;

/** A leading rank or bullet: '1.', '3)', '#4', '5 -', '12:', '- ', '* ', '• '. */
const NUMBERING = /^\s*(?:[-*•·]\s+|#\s*\d+\s*[.):-]?\s*|\d+\s*[.):\]–—-]\s*|\d+\s+)/u;

export function stripNumbering(line: string): string {
  return line.replace(NUMBERING, "").trim();
}

const personKey = (item: PickItem) => item.id.replace(/^s\d+-/, "");

function seasonByNumber(catalog: ImportCatalog, n: number): PickItem | null {
  return catalog.seasonItems.find((s) => s.seasonNumber === n) ?? null;
}

/** A season named as a hint or a whole line: 's20', 'Season 20', 'Survivor 41', 'Cagayan', 'Survivor: Cagayan'. */
export function resolveSeason(catalog: ImportCatalog, text: string, loose = true): PickItem | null {
  const q = normaliseQuery(text);
  if (!q) return null;
  const numbered = /^(?:s|season|survivor)?\s*(\d{1,3})$/.exec(q);
  if (numbered) return seasonByNumber(catalog, Number(numbered[1]));
  const exact = catalog.seasonItems.find(
    (s) => normaliseQuery(s.name) === q || normaliseQuery(stripSurvivorPrefix(s.name)) === q,
  );
  if (exact || !loose) return exact ?? null;
  const found = catalog.seasonItems.filter((s) => seasonMatches(s, q));
  return found.length === 1 ? found[0]! : null;
}

/** How well a name fits the query: 3 the whole name, 2 a word's start, 1 anywhere, 0 not at all. */
function fit(text: string | undefined, q: string): number {
  if (!text) return 0;
  const t = normaliseQuery(text);
  if (t === q) return 3;
  if (t.startsWith(q) || t.includes(` ${q}`)) return 2;
  return t.includes(q) ? 1 : 0;
}

const castawaysByCatalog = new WeakMap<ImportCatalog, PickItem[]>();

/** Every appearance by season, worked out once per catalog (a long paste matches many lines). */
function allCastaways(catalog: ImportCatalog): PickItem[] {
  let all = castawaysByCatalog.get(catalog);
  if (!all) {
    all = [...catalog.seasonItems]
      .sort((a, b) => a.seasonNumber - b.seasonNumber)
      .flatMap((s) => catalog.castawaysOf(s.id));
    castawaysByCatalog.set(catalog, all);
  }
  return all;
}

/**
 * Matches one name, with the season it names if any. The picker's search finds
 * the candidates (name, nickname, season name; case, accents and spaces
 * ignored); the closest fit wins, and one person is one match, shown from the
 * named season or else their first, as the picker adds them.
 */
export function matchName(catalog: ImportCatalog, name: string, season: PickItem | null): LineMatch {
  const q = normaliseQuery(name);
  if (!q) return { status: "unmatched" };
  if (!season) {
    const named = resolveSeason(catalog, name, false);
    if (named) return { status: "matched", item: named, others: [] };
  }
  const scored: { item: PickItem; score: number }[] = [];
  if (!season) {
    for (const s of catalog.seasonItems) {
      if (seasonMatches(s, q))
        scored.push({ item: s, score: Math.max(fit(s.name, q), fit(stripSurvivorPrefix(s.name), q)) });
    }
  }
  for (const c of allCastaways(catalog)) {
    if (castawayMatches(c, q)) scored.push({ item: c, score: Math.max(fit(c.name, q), fit(c.nickname, q)) });
  }
  if (scored.length === 0) return { status: "unmatched" };
  const groupsOf = (pool: typeof scored) => {
    const best = Math.max(...pool.map((s) => s.score));
    // One entry per person (a season is its own person), every appearance kept.
    const people = new Map<string, PickItem[]>();
    for (const { item } of pool.filter((s) => s.score === best)) {
      const key = item.isSeason ? item.id : personKey(item);
      people.set(key, [...(people.get(key) ?? []), item]);
    }
    return [...people.values()];
  };
  const appearancesOf = (item: PickItem) =>
    allCastaways(catalog).filter((c) => personKey(c) === personKey(item));

  if (season) {
    const inSeason = scored.filter((s) => s.item.seasonId === season.id);
    // The season named does not have them: every appearance is offered.
    if (inSeason.length === 0) {
      return { status: "ambiguous", candidates: groupsOf(scored).flat().slice(0, CANDIDATES_SHOWN) };
    }
    const groups = groupsOf(inSeason);
    if (groups.length === 1) {
      const item = groups[0]![0]!;
      return { status: "matched", item, others: appearancesOf(item).filter((c) => c.id !== item.id) };
    }
    return { status: "ambiguous", candidates: groups.map((g) => g[0]!).slice(0, CANDIDATES_SHOWN) };
  }
  const groups = groupsOf(scored);
  if (groups.length === 1) {
    const [first, ...others] = groups[0]!;
    return { status: "matched", item: first!, others };
  }
  return { status: "ambiguous", candidates: groups.map((g) => g[0]!).slice(0, CANDIDATES_SHOWN) };
}

/**
 * Splits a line (numbering already off) into a name and the season it names:
 * 'Tony (Cagayan)', 'Parvati - Micronesia', 'Sandra, Heroes vs. Villains',
 * 'Sandra s20', spreadsheet cells. A part that names no season stays in the name.
 */
function splitSeason(catalog: ImportCatalog, text: string): { name: string; season: PickItem | null } {
  const patterns = [
    /^(.*\S)\s*\(([^()]+)\)$/,
    /^(.*\S)\s+[-–—|:]\s+(.+)$/,
    /^(.*\S)\s*,\s*(.+)$/,
    /^(.*\S)\s+((?:s|season\s*)\d{1,3})$/i,
  ];
  for (const pattern of patterns) {
    const m = pattern.exec(text);
    if (!m) continue;
    const season = resolveSeason(catalog, m[2]!);
    if (season) return { name: m[1]!.trim(), season };
  }
  return { name: text, season: null };
}

/** One pasted line matched; null for a line with nothing on it. */
export function matchLine(catalog: ImportCatalog, line: string): LineMatch | null {
  const cells = line
    .split("\t")
    .map((c) => c.trim())
    .filter((c) => c !== "" && !/^#?\d+[.)]?$/.test(c));
  if (cells.length === 0) return null;
  if (cells.length > 1) {
    const season = resolveSeason(catalog, cells[1]!);
    const name = stripNumbering(cells[0]!);
    if (season) return matchName(catalog, name, season);
    const split = splitSeason(catalog, name);
    return matchName(catalog, split.name, split.season);
  }
  const text = stripNumbering(cells[0]!);
  if (!text) return null;
  const whole = resolveSeason(catalog, text, false);
  if (whole) return { status: "matched", item: whole, others: [] };
  const { name, season } = splitSeason(catalog, text);
  return matchName(catalog, name, season);
}

/** A CSV file of ours ('rank,name,season,id'): the id when it is known, else the name and season. */
function parseCsvImport(catalog: ImportCatalog, text: string): ImportLine[] {
  const rows = parseCsv(text.trim());
  const out: ImportLine[] = [];
  rows.slice(1).forEach((row, i) => {
    const [, name = "", season = "", id = ""] = row;
    if (!name.trim() && !id.trim()) return;
    const known = catalog.byId.get(id.trim());
    const shown = season ? `${name} (${seasonLabel(season)})` : name;
    const match: LineMatch = known
      ? { status: "matched", item: known, others: [] }
      : (matchLine(catalog, shown) ?? { status: "unmatched" });
    out.push({ index: i + 1, text: shown, match });
  });
  return out;
}

/** Reads what was pasted (or read from a file): our JSON, our CSV, or lines. */
export function parseImport(catalog: ImportCatalog, text: string): ParsedImport {
  if (!text.trim()) return { kind: "empty" };
  const json = text.trimStart().startsWith("{") ? parseListJson(text) : null;
  if (json) {
    const known = json.items.filter((i) => catalog.byId.has(i.id)).map((i) => i.id);
    return {
      kind: "json",
      list: {
        name: json.name,
        description: json.description,
        tags: json.tags,
        items: known,
        unknown: json.items.length - known.length,
      },
    };
  }
  const firstLine = text.trimStart().split(/\r?\n/, 1)[0]!.trim().toLowerCase();
  if (firstLine === CSV_HEADER) return { kind: "lines", lines: parseCsvImport(catalog, text) };
  const lines: ImportLine[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const match = matchLine(catalog, raw);
    if (match) lines.push({ index, text: raw.trim(), match });
  });
  return { kind: "lines", lines };
}

/** The entry a line adds: its match, or the candidate picked for it. */
export function chosenItem(line: ImportLine, picked: ReadonlyMap<string, PickItem>): PickItem | null {
  const pick = picked.get(lineKey(line));
  if (pick) return pick;
  return line.match.status === "matched" ? line.match.item : null;
}

/** A pick belongs to a line as it read when picked; editing the line drops it. */
export const lineKey = (line: ImportLine) => `${line.index}:${line.text}`;

export interface ImportPlan {
  items: string[];
  added: number;
  duplicates: number;
  /** Entries of the other kind, refused by the no-mixing rule. */
  mixed: MixConflict | null;
  /** Entries past the list's limit, left out. */
  overLimit: number;
}

/** Adds entries at the end by the builder's rules: no repeats, no mixing, at most LIMITS.listItemsMax. */
export function planImport(current: readonly string[], incoming: readonly PickItem[]): ImportPlan {
  const items = [...current];
  let duplicates = 0;
  let mixed: MixConflict | null = null;
  let overLimit = 0;
  for (const item of incoming) {
    if (items.includes(item.id)) {
      duplicates++;
      continue;
    }
    const conflict = mixConflict(items, item);
    if (conflict) {
      mixed ??= conflict;
      continue;
    }
    if (items.length >= LIMITS.listItemsMax) {
      overLimit++;
      continue;
    }
    items.push(item.id);
  }
  return { items, added: items.length - current.length, duplicates, mixed, overLimit };
}

/** What the builder says after an import, in the builder's own words for mixing and the limit. */
export function importReport(plan: ImportPlan): string {
  const parts = [IMPORT_MESSAGES.added(plan.added)];
  if (plan.duplicates > 0) parts.push(IMPORT_MESSAGES.skipped(plan.duplicates));
  if (plan.mixed) parts.push(mixInlineMessage(plan.mixed));
  if (plan.overLimit > 0) parts.push(LIST_MESSAGES.tooManyItems);
  return parts.join(" ");
}

/** How an entry reads in the import's preview: 'Richard Hatch (Borneo)', 'Survivor: Borneo'. */
export function itemLabel(item: PickItem): string {
  return item.isSeason ? item.name : `${item.name} (${seasonLabel(item.seasonName)})`;
}
