import { DndContext } from "@dnd-kit/core";
import { type ReactNode, useEffect, useId, useMemo, useRef, useState } from "react";
import type { RankingRowFace } from "#client/components/ui/ranking-row-body.tsx";
import {
  RankingDragOverlay,
  RankingList,
  RankingMessage,
  type RankingSlots,
} from "#client/components/ui/ranking-rows.tsx";
import { HistoryButtons } from "#client/components/ui/history-buttons.tsx";
import { useToast } from "#client/components/ui/toast.tsx";
import type { PickItem } from "#client/lib/pick-item.ts";
import { SLOT_TOUCH_HOLD_MS, useRankingDrag } from "#client/lib/ranking-dnd.ts";
import { useCatalog } from "#client/lib/seasons-query.ts";
import { useDismiss } from "#client/lib/use-dismiss.ts";
import { useHistory, useUndoShortcuts } from "#client/lib/use-history.ts";
import { useIsMobile } from "#client/lib/use-media-query.ts";
import { GLOBAL_MESSAGES as M, voteSlotName } from "#shared/global-rankings.ts";
import { TIMERS_MS } from "#shared/limits.ts";
import { headshotUrl, placeholderUrl } from "#shared/media-urls.ts";
import { useSubmitRanking } from "../api/global-rankings-api.ts";
import { submitErrorMessage } from "../model/detail-view.ts";
import {
  clearSlot,
  filledCount,
  moveSlot,
  nextEmptySlot,
  placedAnnouncement,
  placeInSlot,
  selectedAnnouncement,
  slotsFrom,
  submitProblem,
} from "../model/vote-slots.ts";

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
  /** 'Create Your Ranking' or 'My Submitted Ranking'. */
  title: string;
  /** The member's stored ten, or null for a first vote. */
  initialSlots: readonly (string | null)[] | null;
  onSubmitted: () => void;
}

/** One place of the vote as the shared rows see it: a castaway, or an empty slot. */
interface SlotEntry {
  id: string;
  name: string;
  face: RankingRowFace | null;
}

const emptySlotId = (index: number) => `empty-slot-${index + 1}`;

const SLOT_LOOK = {
  describe: (entry: SlotEntry): RankingRowFace =>
    // Empty slots have their own look in the rows; this face is never shown.
    entry.face ?? { name: entry.name, detail: "", imageUrl: placeholderUrl(), isSeason: false },
};

/**
 * The member's ten for one category: choose a slot, then a castaway in the
 * picker (or drag one onto a slot); reorder by drag, buttons or keys. Built on
 * the shared ranking rows in their fixed-slot layout.
 */
export function VoteEditor(props: VoteEditorProps) {
  const { categoryId, seasonNumber } = props;
  const isMobile = useIsMobile();
  const catalog = useCatalog();
  const submit = useSubmitRanking(categoryId);
  const toast = useToast();
  // Each placement, move and removal is a step (docs/product.md, Undo and redo).
  const history = useHistory<(string | null)[]>(() => slotsFrom(props.initialSlots));
  const slots = history.present;
  const setSlots = history.change;
  useUndoShortcuts(history);
  // Desktop starts on the first slot, so clicking castaways fills the ten in order.
  const [selected, setSelected] = useState<number | null>(() =>
    isMobile || !slots.includes(null) ? null : slots.indexOf(null),
  );
  const [sheetOpen, setSheetOpen] = useState(false);
  // Each refusal or failure is a new object, so a repeat restarts its timer.
  const [refusal, setRefusal] = useState<{ text: string } | null>(null);
  const [failure, setFailure] = useState<{ text: string } | null>(null);
  const [said, setSaid] = useState("");
  const titleId = useId();

  useEffect(() => {
    if (!refusal) return;
    const timer = window.setTimeout(() => setRefusal(null), TIMERS_MS.mixError);
    return () => window.clearTimeout(timer);
  }, [refusal]);

  // A submit error is cleared after 5 seconds.
  useEffect(() => {
    if (!failure) return;
    const timer = window.setTimeout(() => setFailure(null), TIMERS_MS.submitError);
    return () => window.clearTimeout(timer);
  }, [failure]);

  // On a desktop the chosen slot is let go by Escape or by a click outside
  // the slots and the panel.
  const layoutRef = useRef<HTMLDivElement>(null);
  useDismiss(layoutRef, !isMobile && selected !== null, () => setSelected(null));

  const entries = useMemo<SlotEntry[]>(
    () =>
      slots.map((id, i) => {
        if (!id) return { id: emptySlotId(i), name: voteSlotName(i + 1), face: null };
        const item = catalog.data?.byId.get(id);
        const name = item?.name ?? id;
        return {
          id,
          name,
          face: {
            name,
            detail: item?.seasonName ?? "",
            imageUrl: item?.imageUrl ?? headshotUrl(id),
            isSeason: false,
          },
        };
      }),
    [slots, catalog.data],
  );

  const place = (item: PickItem, index: number | null) => {
    const result = placeInSlot(slots, index, item, seasonNumber);
    if (result.kind === "refused") {
      setRefusal({ text: result.message });
      // On a phone the sheet covers the slots and their message: say it above the sheet too.
      if (isMobile && sheetOpen) toast.show(result.message, TIMERS_MS.mixError);
      return;
    }
    if (result.kind === "unchanged" || index === null) return;
    setSlots(result.slots);
    setRefusal(null);
    setSaid(placedAnnouncement(item.name, index + 1));
    // Phones go back to the slots after each pick; desktops move on to the next empty slot.
    if (isMobile) {
      setSelected(null);
      setSheetOpen(false);
    } else {
      setSelected(nextEmptySlot(result.slots, index));
    }
  };

  const move = (from: number, to: number) => {
    setSlots((s) => moveSlot(s, from, to));
    // The chosen slot follows its castaway.
    setSelected((sel) => (sel === from ? to : sel));
  };

  const drag = useRankingDrag({
    entries,
    onDrop: (item, index) => place(item, index),
    onMove: move,
    layout: "slots",
    touchHoldMs: SLOT_TOUCH_HOLD_MS,
  });

  const slotOptions: RankingSlots<SlotEntry> = {
    isEmpty: (entry) => entry.face === null,
    emptyLabel: (position) => (isMobile ? M.tapToVote : voteSlotName(position)),
    selectedIndex: selected,
    onSelect: (index) => {
      if (isMobile) {
        setSelected(index);
        setSheetOpen(true);
      } else {
        // Always chooses, never lets go: a slot is already chosen on arrival
        // and after each pick, and the page says "click a slot, then a
        // castaway" (docs/product.md, Global Rankings).
        setSelected(index);
      }
      setSaid(selectedAnnouncement(index + 1));
    },
  };

  const onSubmit = () => {
    const problem = catalog.data ? submitProblem(slots) : M.dataMissing;
    if (problem) {
      setFailure({ text: problem });
      return;
    }
    setFailure(null);
    submit.mutate(slots, {
      onSuccess: () => props.onSubmitted(),
      onError: (error) => setFailure({ text: submitErrorMessage(error) }),
    });
  };

  const count = filledCount(slots);
  const hint = isMobile
    ? "Tap a slot, then pick a castaway for it. Hold a castaway to drag it to another slot."
    : "Click a slot, then a castaway in the panel, or drag castaways onto the slots.";

  return (
    <DndContext {...drag.dndProps} autoScroll={drag.autoScroll}>
      <div className="vote-layout" ref={layoutRef}>
        <section className="card vote-editor" aria-labelledby={titleId}>
          <div className="vote-editor-head">
            <h3 className="vote-editor-title" id={titleId}>
              {props.title}
            </h3>
            <span className="vote-editor-count">{count} / 10</span>
            <HistoryButtons
              canUndo={history.canUndo}
              canRedo={history.canRedo}
              onUndo={history.undo}
              onRedo={history.redo}
            />
          </div>
          <p className="vote-editor-hint">{hint}</p>
          <RankingMessage text={refusal?.text ?? null} />
          <RankingList
            entries={entries}
            describe={SLOT_LOOK.describe}
            label={props.title}
            emptyTitle={props.title}
            dropIndex={drag.dropIndex}
            pickerDragActive={drag.activeDrag?.kind === "picker"}
            isMobile={isMobile}
            onRemove={(id) => {
              const index = slots.indexOf(id);
              if (index < 0) return;
              setSlots((s) => clearSlot(s, index));
              // On a desktop the emptied slot is the one the next click fills.
              if (!isMobile) setSelected(index);
            }}
            onMove={move}
            onOpenPicker={() => setSheetOpen(true)}
            testId="vote-slots"
            slots={slotOptions}
          />
          <p className="sr-only" aria-live="polite">
            {said}
          </p>
          <div className="vote-editor-actions">
            <div className="vote-editor-error" aria-live="assertive">
              {failure && (
                <p className="error-text" role="alert">
                  {failure.text}
                </p>
              )}
            </div>
            <button type="button" className="btn vote-submit" onClick={onSubmit} disabled={submit.isPending}>
              {submit.isPending ? M.submitting : M.submit}
            </button>
          </div>
        </section>
        <div className="vote-picker">
          {props.renderPicker({
            onPick: (item) => place(item, selected),
            seasonId: `s${seasonNumber}`,
            sheetOpen,
            onSheetOpenChange: setSheetOpen,
          })}
        </div>
      </div>
      <RankingDragOverlay
        activeDrag={drag.activeDrag}
        entries={entries}
        describe={SLOT_LOOK.describe}
        renderPickPreview={props.renderPickPreview}
      />
    </DndContext>
  );
}
