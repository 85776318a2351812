import { headshotUrl, seasonLogoUrl } from "#shared/media-urls.ts";

/**
 * A season or a castaway appearance as the pickers, lists and rankings show
 * it. The season picker produces them; list builders and rankings consume them.
 */
export interface PickItem {
  /** 's12' for a season, 's12-rob-mariano' for an appearance. */
  id: string;
  name: string;
  /** A castaway's short name or nickname ('Boston Rob', 'Ozzy'), which the picker's search also matches. */
  nickname?: string;
  isSeason: boolean;
  seasonId: string;
  seasonName: string;
  seasonNumber: number;
  imageUrl: string;
}

/** Drag data of an item dragged out of the season picker (dnd-kit `data`). */
export interface PickerDragData {
  source: "picker";
  item: PickItem;
}

/** dnd-kit ids of draggables in the picker start with this, so drop targets can tell them from list rows. */
export const PICKER_DRAG_PREFIX = "picker:";

export function isPickerDragData(data: unknown): data is PickerDragData {
  return typeof data === "object" && data !== null && (data as PickerDragData).source === "picker";
}

export function imageUrlFor(id: string, isSeason: boolean): string {
  return isSeason ? seasonLogoUrl(id) : headshotUrl(id);
}
