/**
 * Tables the database keeps from other tables' rows by its own triggers
 * (migration 0015): a backup leaves their rows out, and a restore rebuilds
 * them as it loads the rows they come from (the triggers fire on COPY too;
 * loading both would count every list twice).
 */
export const DERIVED_TABLES: ReadonlySet<string> = new Set(["public_list_counts"]);
