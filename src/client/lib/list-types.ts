// The list API's answers, typed from the server's own definitions (the client
// may import types, never code, from the server): one definition of each shape.
import type { ListCard, BrowsePage } from "#server/modules/browse/browse.service.ts";
import type { ListEntry } from "#server/modules/lists/list-entries.ts";
import type { ListDetail, ListSummary } from "#server/modules/lists/lists.service.ts";

export type ListEntryDto = ListEntry;
/** A card; the reader's flags are absent where an endpoint does not send them. */
export type ListCardDto = ListSummary & { viewer?: ListCard["viewer"] };
export type ListDetailDto = ListDetail;
export type BrowsePageDto = BrowsePage;
