/**
 * Every screen of the site: its address pattern and the file that draws it
 * (src/client/app/routes/<module>.tsx). The client's router, the server's
 * preloads and page meta, the sitemap and every link read this one table;
 * addresses with parameters are built with `pathTo`, never by hand.
 * Fixed paths come before parameters (the first match wins).
 */
export const SCREENS = {
  home: { path: "/", module: "home" },
  login: { path: "/login", module: "login" },
  myLists: { path: "/mylists", module: "my-lists" },
  account: { path: "/account", module: "account" },
  rankings: { path: "/rankings", module: "rankings" },
  /** A profile address that names nobody: it says so. */
  profileWithoutUser: { path: "/rankings/user", module: "user-rankings" },
  profile: { path: "/rankings/user/:userId", module: "user-rankings" },
  list: { path: "/list/:userId/:listId", module: "list-detail" },
  create: { path: "/create", module: "create" },
  globalRankings: { path: "/global-rankings", module: "global-rankings" },
  globalLegacy: { path: "/global-rankings/legacy", module: "global-legacy" },
  globalCategory: { path: "/global-rankings/:categoryId", module: "global-detail" },
  consensus: { path: "/consensus", module: "consensus" },
} as const;

export type ScreenName = keyof typeof SCREENS;
export type ScreenModule = (typeof SCREENS)[ScreenName]["module"];
type PatternOf<S extends ScreenName> = (typeof SCREENS)[S]["path"];

/** The `:parameters` of a pattern, as an object type. */
type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;
export type ScreenParams<S extends ScreenName> = { [K in ParamNames<PatternOf<S>>]: string };

type ParamArgs<S extends ScreenName> = [ParamNames<PatternOf<S>>] extends [never] ? [] : [ScreenParams<S>];

/** The address of a screen, its parameters encoded: `pathTo("list", { userId, listId })`. */
export function pathTo<S extends ScreenName>(screen: S, ...[params]: ParamArgs<S>): string {
  const values = (params ?? {}) as Record<string, string>;
  return SCREENS[screen].path.replace(/:(\w+)/g, (_m, name: string) => encodeURIComponent(values[name]!));
}

/** The screen an address shows and its parameters (decoded), or null for an address no screen has. */
export function screenOf(pathname: string): { screen: ScreenName; params: Record<string, string> } | null {
  const parts = pathname.split("/").filter(Boolean);
  for (const screen of Object.keys(SCREENS) as ScreenName[]) {
    const want = SCREENS[screen].path.split("/").filter(Boolean);
    if (want.length !== parts.length) continue;
    if (!want.every((w, i) => w.startsWith(":") || w === parts[i])) continue;
    const params: Record<string, string> = {};
    try {
      want.forEach((w, i) => {
        if (w.startsWith(":")) params[w.slice(1)] = decodeURIComponent(parts[i]!);
      });
    } catch {
      return null;
    }
    return { screen, params };
  }
  return null;
}

/** The screens a search engine may list (the signed-in ones are of no use in an index). */
export const PUBLIC_SCREENS = [
  "home",
  "rankings",
  "globalRankings",
  "consensus",
  "create",
] as const satisfies readonly ScreenName[];
