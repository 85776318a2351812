import { pathTo } from "#shared/routes.ts";

// Where the Global Rankings pages live (docs/product.md, Screens and navigation).
export const OVERVIEW_PATH = pathTo("globalRankings");
export const LEGACY_PATH = pathTo("globalLegacy");
export const categoryPath = (categoryId: string) => pathTo("globalCategory", { categoryId });
