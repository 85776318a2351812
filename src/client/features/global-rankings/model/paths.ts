// Where the Global Rankings pages live (spec section 2, Route table).
export const OVERVIEW_PATH = "/global-rankings";
export const LEGACY_PATH = "/global-rankings/legacy";
export const categoryPath = (categoryId: string) => `${OVERVIEW_PATH}/${encodeURIComponent(categoryId)}`;
