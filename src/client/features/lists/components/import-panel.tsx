import { type ChangeEvent, useDeferredValue, useId, useMemo, useState } from "react";
import type { PickItem } from "#client/lib/pick-item.ts";
import { useCatalog } from "#client/lib/seasons-query.ts";
import { seasonLabel } from "#shared/list-export.ts";
import {
  chosenItem,
  IMPORT_MESSAGES as M,
  type ImportCatalog,
  type ImportedList,
  type ImportLine,
  importReport,
  itemLabel,
  lineKey,
  matchLine,
  parseImport,
  planImport,
} from "../model/list-import.ts";
import type { EditorState } from "../model/draft-rules.ts";
import "./import-panel.css";

export interface ImportPanelProps {
  /** The builder's entries now: an import adds after them. */
  currentItems: readonly string[];
  onApply: (
    update: Partial<Pick<EditorState, "name" | "description" | "tags" | "items">>,
    note: string,
  ) => void;
  onClose: () => void;
}

/**
 * "Import": paste lines (or a file downloaded from a list page), see what each
 * line matched, fix the rest, then add. Loaded only when opened.
 */
export default function ImportPanel({ currentItems, onApply, onClose }: ImportPanelProps) {
  const catalog = useCatalog().data;
  const [text, setText] = useState("");
  // A fix to one line, by its index; a new paste starts afresh.
  const [edits, setEdits] = useState<ReadonlyMap<number, string>>(new Map());
  const [picked, setPicked] = useState<ReadonlyMap<string, PickItem>>(new Map());
  const deferredText = useDeferredValue(text);
  const textId = useId();
  const titleId = useId();

  const parsed = useMemo(
    () => (catalog ? parseImport(catalog, deferredText) : ({ kind: "empty" } as const)),
    [catalog, deferredText],
  );

  const lines = useMemo(() => {
    if (parsed.kind !== "lines" || !catalog) return [];
    return parsed.lines.map((line) => {
      const edit = edits.get(line.index);
      if (edit === undefined) return line;
      return { ...line, text: edit, match: matchLine(catalog, edit) ?? ({ status: "unmatched" } as const) };
    });
  }, [parsed, edits, catalog]);

  const chosen = lines.map((l) => chosenItem(l, picked));
  const ready = chosen.filter((c): c is PickItem => c !== null);
  const toFix = chosen.length - ready.length;

  const setPasted = (value: string) => {
    setText(value);
    setEdits(new Map());
    setPicked(new Map());
  };

  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = "";
    if (file) setPasted(await file.text());
  };

  const pick = (line: ImportLine, item: PickItem) => setPicked((m) => new Map(m).set(lineKey(line), item));
  const edit = (line: ImportLine, value: string) => setEdits((m) => new Map(m).set(line.index, value));

  const addLines = () => {
    const plan = planImport(currentItems, ready);
    onApply({ items: plan.items }, importReport(plan));
    onClose();
  };

  const replaceWith = (list: ImportedList, known: ImportCatalog) => {
    const plan = planImport(
      [],
      list.items.map((id) => known.byId.get(id)!),
    );
    onApply(
      { name: list.name, description: list.description, tags: list.tags, items: plan.items },
      importReport(plan),
    );
    onClose();
  };

  return (
    <section
      className="import-panel"
      aria-labelledby={titleId}
      onKeyDown={(e) => {
        if (e.key === "Escape") onClose();
      }}
    >
      <div className="import-head">
        <h3 id={titleId} className="import-title">
          {M.title}
        </h3>
        <button type="button" className="btn btn-ghost import-small" onClick={onClose}>
          {M.close}
        </button>
      </div>
      <p className="import-hint" id={`${textId}-hint`}>
        {M.hint}
      </p>
      <label className="import-label" htmlFor={textId}>
        {M.textLabel}
      </label>
      <textarea
        id={textId}
        className="input import-text"
        rows={6}
        value={text}
        aria-describedby={`${textId}-hint`}
        placeholder={"1. Boston Rob\nParvati - Micronesia\n3) Cagayan"}
        spellCheck={false}
        // The panel opens on a click of "Import": the next thing is the paste.
        autoFocus
        onChange={(e) => setPasted(e.target.value)}
      />
      <label className="btn btn-ghost import-small import-file">
        {M.chooseFile}
        <input
          type="file"
          accept=".json,.csv,.txt,application/json,text/csv,text/plain"
          className="sr-only"
          onChange={(e) => void onFile(e)}
        />
      </label>

      {parsed.kind === "json" && catalog && (
        <div className="import-json" role="status">
          <p>{M.jsonFound(parsed.list.name, parsed.list.items.length + parsed.list.unknown)}</p>
          {parsed.list.unknown > 0 && <p className="import-warning">{M.jsonUnknown(parsed.list.unknown)}</p>}
          <button type="button" className="btn" onClick={() => replaceWith(parsed.list, catalog)}>
            {M.jsonReplace}
          </button>
        </div>
      )}

      {lines.length > 0 && (
        <>
          <p className="import-summary" role="status">
            {M.summary(ready.length, toFix)}
          </p>
          <ol className="import-lines">
            {lines.map((line, i) => (
              <ImportLineRow
                key={line.index}
                line={line}
                chosen={chosen[i] ?? null}
                edited={edits.has(line.index)}
                onPick={(item) => pick(line, item)}
                onEdit={(value) => edit(line, value)}
              />
            ))}
          </ol>
          <div className="import-actions">
            <button type="button" className="btn" onClick={addLines} disabled={ready.length === 0}>
              {M.add(ready.length)}
            </button>
          </div>
        </>
      )}
    </section>
  );
}

function ImportLineRow({
  line,
  chosen,
  edited,
  onPick,
  onEdit,
}: {
  line: ImportLine;
  chosen: PickItem | null;
  /** A line being fixed keeps its box while it matches, so typing is not cut short. */
  edited: boolean;
  onPick: (item: PickItem) => void;
  onEdit: (value: string) => void;
}) {
  const id = useId();
  const { match } = line;
  const editBox = (
    <input
      className="input import-line-edit"
      type="text"
      aria-label={M.editLine}
      aria-describedby={match.status === "matched" ? undefined : `${id}-problem`}
      value={line.text}
      onChange={(e) => onEdit(e.target.value)}
    />
  );
  if (match.status === "matched") {
    const seasons = [match.item, ...match.others].sort((a, b) => a.seasonNumber - b.seasonNumber);
    return (
      <li className={`import-line is-matched${edited ? " is-edited" : ""}`}>
        {edited ? editBox : <span className="import-line-text">{line.text}</span>}
        <span className="import-arrow" aria-hidden="true">
          →
        </span>
        {seasons.length > 1 ? (
          <span className="import-line-match">
            {chosen?.name ?? match.item.name}{" "}
            <select
              className="input import-season"
              aria-label={`${M.seasonOf}: ${line.text}`}
              value={chosen?.id ?? match.item.id}
              onChange={(e) => onPick(seasons.find((s) => s.id === e.target.value)!)}
            >
              {seasons.map((s) => (
                <option key={s.id} value={s.id}>
                  {seasonLabel(s.seasonName)}
                </option>
              ))}
            </select>
          </span>
        ) : (
          <span className="import-line-match">{itemLabel(match.item)}</span>
        )}
      </li>
    );
  }
  return (
    <li className={`import-line is-${match.status}${chosen ? " is-picked" : ""}`}>
      <p className="import-line-problem" id={`${id}-problem`}>
        {match.status === "ambiguous" ? M.ambiguous : M.unmatched}
      </p>
      {editBox}
      {match.status === "ambiguous" && (
        <div className="import-candidates" role="group" aria-label={line.text}>
          {match.candidates.map((c) => (
            <button
              key={c.id}
              type="button"
              className={`pill-toggle${chosen?.id === c.id ? " is-on" : ""}`}
              aria-pressed={chosen?.id === c.id}
              onClick={() => onPick(c)}
            >
              {itemLabel(c)}
            </button>
          ))}
        </div>
      )}
    </li>
  );
}
