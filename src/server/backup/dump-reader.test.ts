import { describe, expect, it } from "vitest";
import { type DumpEvent, MAX_LINE_BYTES, readDump } from "./dump-reader.ts";

/** pg_dump 15's data-only output, as it writes it (bare and quoted names, psql's guard lines). */
const PG_DUMP = `--
-- PostgreSQL database dump
--

\\restrict y1QNz5VrJeZV0db9LyfRKx149o93cJiReLUDUey0XUw2vuWkeQImLE6gk2cprEW

SET statement_timeout = 0;
SET client_encoding = 'UTF8';
SET standard_conforming_strings = on;
SELECT pg_catalog.set_config('search_path', '', false);
SET row_security = off;

--
-- Data for Name: user; Type: TABLE DATA; Schema: public; Owner: postgres
--

COPY public."user" (id, name, "Odd ""name""") FROM stdin;
u1\tAnn\t\\N
u2\tBen \\\\ \\t tab\tx
\\.


COPY "public"."empty" ("id") FROM stdin;
\\.

SELECT pg_catalog.setval('public."odd''s_seq"', 42, true);

\\unrestrict y1QNz5VrJeZV0db9LyfRKx149o93cJiReLUDUey0XUw2vuWkeQImLE6gk2cprEW
`;

async function* pieces(text: string, size: number) {
  const bytes = Buffer.from(text);
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

async function events(text: string, size = 1 << 20): Promise<DumpEvent[]> {
  const out: DumpEvent[] = [];
  for await (const e of readDump(pieces(text, size))) {
    out.push(e.kind === "rows" ? { ...e, data: Buffer.from(e.data) } : e);
  }
  return out;
}

/** The events with each table's row runs joined, so any cut of the input compares equal. */
async function joined(text: string, size?: number) {
  const out: unknown[] = [];
  let rows: Buffer[] = [];
  for (const e of await events(text, size)) {
    if (e.kind === "rows") {
      rows.push(e.data);
      continue;
    }
    if (e.kind === "end") {
      out.push({ rows: Buffer.concat(rows).toString("utf8") });
      rows = [];
    }
    out.push(e);
  }
  return out;
}

describe("readDump", () => {
  it("turns pg_dump's data-only output into tables, row lines and sequence values", async () => {
    expect(await joined(PG_DUMP)).toEqual([
      { kind: "copy", schema: "public", table: "user", columns: ["id", "name", 'Odd "name"'] },
      { rows: "u1\tAnn\t\\N\nu2\tBen \\\\ \\t tab\tx\n" },
      { kind: "end", rows: 2 },
      { kind: "copy", schema: "public", table: "empty", columns: ["id"] },
      { rows: "" },
      { kind: "end", rows: 0 },
      { kind: "setval", schema: "public", sequence: "odd's_seq", value: 42n, isCalled: true },
    ]);
  });

  it("reads the same however the bytes are cut (a character split between chunks included)", async () => {
    const text = PG_DUMP.replace("Ann", "Änn 🏝️");
    const whole = await joined(text);
    for (const size of [1, 2, 3, 7, 64]) expect(await joined(text, size), `chunks of ${size}`).toEqual(whole);
  });

  const refused: [string, string, RegExp][] = [
    ["a statement", "CREATE TABLE x (y int);", /line 1 is not data/],
    [
      "a statement after data",
      'COPY "public"."t" ("a") FROM stdin;\n1\n\\.\nDROP TABLE "public"."t";',
      /line 4 is not data/,
    ],
    ["a psql meta-command", "\\! rm -rf /", /is not data/],
    ["a COPY to a program", "COPY (SELECT 1) TO PROGRAM 'id';", /is not data/],
    ["a COPY from a program", 'COPY "public"."t" ("a") FROM PROGRAM \'id\';', /is not data/],
    ["a COPY from a file", 'COPY "public"."t" ("a") FROM \'/etc/passwd\';', /is not data/],
    ["a COPY with options", 'COPY "public"."t" ("a") FROM stdin WITH (FORMAT binary);', /is not data/],
    ["a COPY of an expression", 'COPY "public"."t" (a || b) FROM stdin;', /COPY of named columns/],
    ["a name with no schema", 'COPY "t" ("a") FROM stdin;', /COPY of named columns/],
    ["a setval with an expression", "SELECT pg_catalog.setval('public.s', (SELECT 1), true);", /is not data/],
    [
      "a setval out of range",
      "SELECT pg_catalog.setval('public.s', 9223372036854775808, true);",
      /not a sequence value/,
    ],
    ["a SET of the encoding", "SET client_encoding = 'SQL_ASCII';", /encoding other than UTF8/],
    ["a SET that runs something", "SET x = 1; DROP TABLE y;", /is not data/],
    [
      "a lone COPY header at the end",
      'COPY "public"."t" ("a") FROM stdin;',
      /starts a table's data at the end/,
    ],
    ["data without its end", 'COPY "public"."t" ("a") FROM stdin;\n1\n', /ends inside a table's data/],
  ];
  it.each(refused)("refuses %s", async (_, text, why) => {
    await expect(events(text)).rejects.toThrow(why);
  });

  it("refuses bytes that are not UTF-8 outside the data", async () => {
    const bad = async function* () {
      yield Buffer.from([0x53, 0x45, 0xff, 0x0a]);
    };
    await expect(async () => {
      for await (const _ of readDump(bad())) void _;
    }).rejects.toThrow(/not UTF-8/);
  });

  it("refuses a line longer than any row of ours instead of holding it", async () => {
    const chunk = Buffer.alloc(1024 * 1024, 0x61);
    const long = async function* () {
      yield Buffer.from('COPY "public"."t" ("a") FROM stdin;\n');
      for (let i = 0; i <= MAX_LINE_BYTES / chunk.length; i++) yield chunk;
    };
    await expect(async () => {
      for await (const _ of readDump(long())) void _;
    }).rejects.toThrow(/longer than/);
  });
});
