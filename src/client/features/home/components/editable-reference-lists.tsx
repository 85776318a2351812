import { DndContext } from "@dnd-kit/core";
import { type ReactNode, useState } from "react";
import type { PickItem } from "#client/lib/pick-item.ts";
import { RankingDragOverlay } from "#client/components/ui/ranking-rows.tsx";
import type { ReferenceListsDto } from "#server/api-types.ts";
import type { ReferenceListsSnapshot } from "../model/reference-lists.ts";
import type { HomePickerSlot } from "../model/picker-slot.ts";
import { REFERENCE_ROW_LOOK } from "./reference-entry.ts";
import { ReferenceListEditor } from "./reference-list-editor.tsx";
import { useReferenceEditor } from "./use-reference-editor.ts";

interface EditableReferenceListsProps {
  snapshot: ReferenceListsDto;
  lists: ReferenceListsSnapshot["lists"];
  isMobile: boolean;
  /** The home page around the editor and the picker (HomeScreen's frame). */
  frame: (editorArea: ReactNode, picker: ReactNode) => ReactNode;
  renderPicker: (slot: HomePickerSlot) => ReactNode;
  renderPickPreview: (item: PickItem) => ReactNode;
}

/**
 * The editors' home page: the reference lists editable by picks and drags
 * from the season picker. Loaded only for editors, with dnd-kit.
 */
export default function EditableReferenceLists(props: EditableReferenceListsProps) {
  const editor = useReferenceEditor(props.snapshot, props.isMobile);
  const [sheetOpen, setSheetOpen] = useState(false);
  return (
    <DndContext {...editor.drag.dndProps}>
      {props.frame(
        <ReferenceListEditor
          lists={props.lists}
          editor={editor}
          isMobile={props.isMobile}
          onOpenPicker={() => setSheetOpen(true)}
        />,
        props.renderPicker({
          editable: true,
          onPick: (item) => editor.add(item),
          sheetOpen,
          onSheetOpenChange: setSheetOpen,
        }),
      )}
      <RankingDragOverlay
        activeDrag={editor.drag.activeDrag}
        entries={editor.entries}
        {...REFERENCE_ROW_LOOK}
        renderPickPreview={props.renderPickPreview}
      />
    </DndContext>
  );
}
