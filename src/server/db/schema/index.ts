export * from "./auth.ts";
export * from "./reference.ts";
export * from "./rate-limits.ts";
export * from "./lists.ts";
export * from "./comments.ts";
export * from "./global-rankings.ts";
export * from "./consensus.ts";
