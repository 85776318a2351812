import { useEffect, useState } from "react";
import { EyeOffIcon } from "#client/components/ui/icons.tsx";
import { readJson, STORAGE_KEYS, writeJson } from "#client/lib/storage.ts";
import { useSpoilerHorizon } from "#client/lib/spoiler-horizon.ts";
import { SPOILER_TEXTS as T } from "#shared/spoiler-horizon.ts";
import { LazySpoilerHorizonDialog } from "./spoiler-horizon-button.tsx";
import "./spoiler-prompt.css";

/**
 * The first-visit question (docs/product.md, "Spoiler horizon"): on the
 * first castaway list or Global Rankings page, a slim card in the page's
 * flow (it covers nothing) asks how far the reader has watched. Asked once
 * per browser: shown, it counts as asked; it never blocks the page.
 */
export function SpoilerPrompt() {
  const { horizon } = useSpoilerHorizon();
  const [asked] = useState(() => readJson<boolean>("local", STORAGE_KEYS.spoilerPromptSeen) === true);
  const [closed, setClosed] = useState(false);
  const [editing, setEditing] = useState(false);
  const showing = !asked && !closed && !horizon;
  useEffect(() => {
    if (showing) writeJson("local", STORAGE_KEYS.spoilerPromptSeen, true);
  }, [showing]);
  return (
    <>
      {showing && (
        <section className="spoiler-prompt card" aria-label={T.settingsTitle}>
          <p className="spoiler-prompt-text">
            <EyeOffIcon size={18} className="spoiler-prompt-icon" />
            {T.promptText}
          </p>
          <div className="spoiler-prompt-actions">
            <button
              type="button"
              className="btn"
              onClick={() => {
                setEditing(true);
                setClosed(true);
              }}
            >
              {T.promptSet}
            </button>
            <button type="button" className="btn btn-ghost" onClick={() => setClosed(true)}>
              {T.promptDismiss}
            </button>
          </div>
        </section>
      )}
      {editing && <LazySpoilerHorizonDialog onClose={() => setEditing(false)} />}
    </>
  );
}
