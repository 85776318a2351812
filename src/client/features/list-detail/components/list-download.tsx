import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState } from "react";
import type { ListDetailDto } from "#server/api-types.ts";
import { listQueryOptions } from "#client/lib/queries/lists.ts";
import { isHiddenEntry } from "#shared/spoiler-horizon.ts";
import { EXPORT_FORMATS, type ExportFormat } from "#shared/list-export.ts";
import { DOWNLOAD_MESSAGES as M, downloadFile } from "../model/download-rules.ts";

function save(list: ListDetailDto, format: ExportFormat) {
  const file = downloadFile(list, format);
  const url = URL.createObjectURL(new Blob([file.content], { type: file.type }));
  const link = document.createElement("a");
  link.href = url;
  link.download = file.fileName;
  link.rel = "noopener";
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file by the next task.
  window.setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * "Download" and its three formats (JSON, CSV, Text), built from the list on
 * the page. A file is the list as it is: when the server hid castaways past
 * the reader's spoiler horizon (docs/product.md, "Spoiler horizon"), the list
 * is asked for whole first, so no entry is written as hidden.
 */
export function ListDownload({ list }: { list: ListDetailDto }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  // A click or tap elsewhere folds the choices away.
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open]);

  return (
    <div
      className={`list-download${open ? " is-open" : ""}`}
      ref={root}
      onKeyDown={(e) => {
        if (e.key === "Escape" && open) {
          setOpen(false);
          button.current?.focus();
        }
      }}
    >
      <button
        ref={button}
        type="button"
        className="btn btn-ghost list-download-button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((o) => !o)}
      >
        <span aria-hidden="true">⤓</span>
        {M.button}
      </button>
      <div
        id={menuId}
        className="list-download-menu card"
        role="group"
        aria-label={M.menuLabel}
        hidden={!open}
      >
        {EXPORT_FORMATS.map((f) => (
          <button
            key={f.format}
            type="button"
            className="list-download-option"
            onClick={() => {
              setOpen(false);
              if (!list.items.some(isHiddenEntry)) return save(list, f.format);
              void queryClient
                .fetchQuery(listQueryOptions({ userId: list.userId, listId: list.id }, true))
                .then((whole) => save(whole, f.format));
            }}
          >
            {M.option(f.label)}
          </button>
        ))}
      </div>
    </div>
  );
}
