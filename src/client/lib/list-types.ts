/** Shapes of the list API's answers, as the client reads them. */
export interface ListEntryDto {
  id: string;
  name: string;
  isSeason: boolean;
  seasonId: string;
  seasonName: string;
  seasonNumber: number;
}

export interface ListCardDto {
  id: string;
  userId: string;
  userName: string;
  name: string;
  description: string;
  tags: string[];
  kind: "seasons" | "castaways" | null;
  upvoteCount: number;
  itemCount: number;
  createdAt: string;
  updatedAt: string;
  preview: ListEntryDto[];
  viewer?: { favorited: boolean; upvoted: boolean };
}

export interface ListDetailDto extends ListCardDto {
  items: ListEntryDto[];
  viewer: { isOwner: boolean; upvoted: boolean; favorited: boolean };
}

export interface BrowsePageDto {
  lists: ListCardDto[];
  page: number;
  pageCount: number;
  total: number;
}
