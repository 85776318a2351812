import type { PickItem } from "#client/lib/pick-item.ts";

/** What the home page hands the season picker it composes beside the reference lists. */
export interface HomePickerSlot {
  /** Editors pick into the reference lists (create mode, draggable); everyone else browses. */
  editable: boolean;
  onPick?: (item: PickItem) => void;
  /** Phone layout for editors: the sheet is opened from the list being edited. */
  sheetOpen?: boolean;
  onSheetOpenChange?: (open: boolean) => void;
}
