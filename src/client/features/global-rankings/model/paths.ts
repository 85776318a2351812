// Where the Global Rankings pages live (docs/product.md, Screens and navigation).
export const OVERVIEW_PATH = "/global-rankings";
export const LEGACY_PATH = "/global-rankings/legacy";
export const categoryPath = (categoryId: string) => `${OVERVIEW_PATH}/${encodeURIComponent(categoryId)}`;
