import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { seasonsQueryOptions } from "#client/lib/seasons-query.ts";
import { useSpoilerHorizon } from "#client/lib/spoiler-horizon.ts";
import { SPOILER_TEXTS as T, type SpoilerHorizon } from "#shared/spoiler-horizon.ts";
import { useSaveSpoilerHorizon } from "../api/spoiler-horizon-api.ts";
import "./spoiler-horizon.css";

type Mode = "upTo" | "seasons" | "off";

/** The seasons offered: the catalog's, or the 50 shipped ones until it arrives. */
function useSeasonNumbers(): number[] {
  const catalog = useQuery(seasonsQueryOptions());
  const numbers = catalog.data?.seasons.map((s) => s.number).sort((a, b) => a - b);
  return numbers?.length ? numbers : Array.from({ length: 50 }, (_, i) => i + 1);
}

interface SpoilerHorizonSettingsProps {
  /** After a save (a dialog closes). */
  onSaved?: (horizon: SpoilerHorizon | null) => void;
  /** The heading's level where it is dropped in (2 on a page, none in a dialog that has its own title). */
  headingLevel?: 2 | 3 | null;
}

/**
 * The spoiler horizon's editor (docs/product.md, "Spoiler horizon"):
 * "watched up to season N", exactly these seasons, or none. Self-contained:
 * it reads and saves the reader's horizon itself, a member's on the server,
 * a visitor's in this browser, so any page can drop it in.
 */
export function SpoilerHorizonSettings({ onSaved, headingLevel = 2 }: SpoilerHorizonSettingsProps) {
  const { horizon, isMember } = useSpoilerHorizon();
  const seasons = useSeasonNumbers();
  const save = useSaveSpoilerHorizon();
  const ids = useId();
  const [mode, setMode] = useState<Mode>(horizon ? ("upTo" in horizon ? "upTo" : "seasons") : "upTo");
  const [upTo, setUpTo] = useState(horizon && "upTo" in horizon ? horizon.upTo : 1);
  const [picked, setPicked] = useState<ReadonlySet<number>>(
    () => new Set(horizon && "seasons" in horizon ? horizon.seasons : []),
  );
  const [said, setSaid] = useState("");

  const chosen = (): SpoilerHorizon | null =>
    mode === "off" ? null : mode === "upTo" ? { upTo } : { seasons: [...picked] };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const next = chosen();
    setSaid("");
    save.mutate(next, {
      onSuccess: () => {
        setSaid(T.saved);
        onSaved?.(next);
      },
    });
  };

  const toggle = (n: number) =>
    setPicked((was) => {
      const next = new Set(was);
      if (next.has(n)) next.delete(n);
      else next.add(n);
      return next;
    });

  const Heading = headingLevel === null ? null : headingLevel === 2 ? "h2" : "h3";
  return (
    <form className="spoiler-settings" onSubmit={onSubmit} aria-labelledby={`${ids}-title`}>
      {Heading ? (
        <Heading id={`${ids}-title`} className="spoiler-settings-title">
          {T.settingsTitle}
        </Heading>
      ) : (
        <span id={`${ids}-title`} className="sr-only">
          {T.settingsTitle}
        </span>
      )}
      <p className="spoiler-settings-intro">{T.settingsIntro}</p>
      <fieldset className="spoiler-settings-modes">
        <legend className="sr-only">{T.settingsTitle}</legend>
        <label className="spoiler-settings-option">
          <input
            type="radio"
            name={`${ids}-mode`}
            checked={mode === "upTo"}
            onChange={() => setMode("upTo")}
          />
          <span>{T.upToOption}</span>
          <select
            className="input spoiler-settings-select"
            aria-label="Last season watched"
            value={upTo}
            onChange={(e) => {
              setUpTo(Number(e.target.value));
              setMode("upTo");
            }}
          >
            <option value={0}>none yet</option>
            {seasons.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
        <label className="spoiler-settings-option">
          <input
            type="radio"
            name={`${ids}-mode`}
            checked={mode === "seasons"}
            onChange={() => setMode("seasons")}
          />
          <span>{T.pickOption}</span>
        </label>
        {mode === "seasons" && (
          <div className="spoiler-settings-seasons" role="group" aria-label="Seasons watched">
            {seasons.map((n) => (
              <label key={n} className={`spoiler-season${picked.has(n) ? " is-picked" : ""}`}>
                <input type="checkbox" checked={picked.has(n)} onChange={() => toggle(n)} />
                <span>{n}</span>
              </label>
            ))}
          </div>
        )}
        <label className="spoiler-settings-option">
          <input type="radio" name={`${ids}-mode`} checked={mode === "off"} onChange={() => setMode("off")} />
          <span>{T.offOption}</span>
        </label>
      </fieldset>
      {!isMember && <p className="spoiler-settings-note">{T.visitorNote}</p>}
      <div className="spoiler-settings-actions">
        <button type="submit" className="btn" disabled={save.isPending}>
          {T.save}
        </button>
        <p className="spoiler-settings-status" aria-live="polite">
          {save.isError ? <span className="error-text">{T.saveFailed}</span> : said}
        </p>
      </div>
    </form>
  );
}
