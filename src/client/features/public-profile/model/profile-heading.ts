export type ProfileHeadingVariant = "browse" | "profile";

export const PROFILE_MESSAGES = {
  notFound: "User profile not found.",
  failed: "Could not load user profile.",
  listsFailed: "Failed to load user lists.",
  noUserId: "No user ID provided to view.",
  unknownUser: "Unknown User",
} as const;

/**
 * What a failed profile request says: past page 1 the reader already saw the
 * profile, so it is the page of lists that did not come.
 */
export function profileProblem(notFound: boolean, page: number): string {
  if (notFound) return PROFILE_MESSAGES.notFound;
  return page > 1 ? PROFILE_MESSAGES.listsFailed : PROFILE_MESSAGES.failed;
}

/** What a link to /rankings/user/{id} may pass as navigation state. */
export interface ProfileLinkState {
  userName?: string;
  from?: string;
}

/**
 * Which heading the profile page wears. There are two: the browse page's
 * 'Rankings by {name}' and the profile's '{name}'s Rankings'. The rule: a
 * visit that came through a creator link ('By {user}' on a list card, which
 * passes the user's name as navigation state) or says it came from browse
 * gets the browse heading; any other arrival (typed or shared address, a link
 * without state) gets the profile heading.
 */
export function headingVariant(state: unknown): ProfileHeadingVariant {
  const s = (state ?? {}) as ProfileLinkState;
  return s.from === "browse" || typeof s.userName === "string" ? "browse" : "profile";
}

export function profileHeading(name: string, variant: ProfileHeadingVariant): string {
  return variant === "browse" ? `Rankings by ${name}` : `${name}'s Rankings`;
}

/** The name passed by a creator link, shown while the profile loads. */
export function linkedUserName(state: unknown): string | undefined {
  const name = ((state ?? {}) as ProfileLinkState).userName;
  return typeof name === "string" && name.trim() ? name : undefined;
}

export function rankingsCreatedText(n: number): string {
  return `${n} ranking(s) created by this user`;
}

export function emptyProfileText(name: string): string {
  return `${name} hasn't created any public rankings yet.`;
}

/** The card footer: how many entries, in the list's own terms. */
export function itemCountText(count: number, kind: "seasons" | "castaways" | null): string {
  if (kind === "seasons") return `${count} ${count === 1 ? "season" : "seasons"}`;
  return `${count} ${count === 1 ? "contestant" : "contestants"}`;
}
