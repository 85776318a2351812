import type { ReactNode } from "react";
import type { PickItem } from "#client/lib/pick-item.ts";

/** What the page hands the season picker it composes beside the vote. */
export interface VotePickerSlot {
  /** A castaway tapped or clicked in the picker. */
  onPick: (item: PickItem) => void;
  /** The category's season, opened at once ('s49'). */
  seasonId: string;
  /** Phone layout: whether the bottom sheet is up. */
  sheetOpen: boolean;
  onSheetOpenChange: (open: boolean) => void;
}

export interface VoteEditorSlots {
  renderPicker: (slot: VotePickerSlot) => ReactNode;
  /** What follows the pointer while a picker item is dragged. */
  renderPickPreview: (item: PickItem) => ReactNode;
}

export interface VoteEditorProps extends VoteEditorSlots {
  categoryId: string;
  seasonNumber: number;
  title: string;
  initialSlots: readonly (string | null)[] | null;
  submitted: boolean;
  onSubmitted: () => void;
}

// Composition point: the vote editor is built on the shared ranking rows
// (components/ui/ranking-rows.tsx) once they take fixed slots (branch rows-refactor).
export function VoteEditor(props: VoteEditorProps) {
  return (
    <section className="card vote-editor">
      <h3 className="vote-editor-title">{props.title}</h3>
    </section>
  );
}
