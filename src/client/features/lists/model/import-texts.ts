// The builder's "Import" button, apart from the import's rules so the page
// does not load them until it is pressed (the rest: list-import.ts).
export const IMPORT_OPEN = "Import";
