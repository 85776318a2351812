// What a Global Rankings category page shows (docs/product.md, Global Rankings): pure rules.
import { GLOBAL_MESSAGES } from "#shared/global-rankings.ts";

export type DetailView = "checking" | "results" | "editor";

export interface DetailViewInput {
  /** The session or the category is still loading. */
  loading: boolean;
  signedIn: boolean;
  open: boolean;
  submitted: boolean;
  /** A member who submitted chose 'View/Edit My Submission'. */
  showingMine: boolean;
}

/**
 * Loading, then the global results for visitors, closed categories and members
 * who submitted (until they toggle to their own), otherwise the editor.
 */
export function detailView(input: DetailViewInput): DetailView {
  if (input.loading) return "checking";
  if (!input.signedIn || !input.open) return "results";
  if (!input.submitted) return "editor";
  return input.showingMine ? "editor" : "results";
}

export interface DetailTexts {
  heading: string;
  /** The editor's title; null in the results view. */
  editorTitle: string | null;
  /** The toggle's label; null when there is nothing to toggle. */
  toggle: string | null;
}

export function detailTexts(view: DetailView, submitted: boolean, open: boolean): DetailTexts {
  const toggle =
    submitted && open ? (view === "editor" ? GLOBAL_MESSAGES.viewGlobal : GLOBAL_MESSAGES.viewMine) : null;
  if (view === "editor") {
    return {
      heading: submitted ? GLOBAL_MESSAGES.editHeading : GLOBAL_MESSAGES.voteHeading,
      editorTitle: submitted ? GLOBAL_MESSAGES.mineTitle : GLOBAL_MESSAGES.createTitle,
      toggle,
    };
  }
  return { heading: GLOBAL_MESSAGES.resultsHeading, editorTitle: null, toggle };
}

/** 0..1 as a whole percentage. */
export const closenessPercent = (closeness: number) => Math.round(Math.min(1, Math.max(0, closeness)) * 100);

export const CLOSENESS_TITLE = "How close am I?";

/** The one sentence under the percentage. */
export function closenessSentence(percent: number): string {
  return `Your ten match the community top 10 by ${percent}%: agreement near the top counts most, and 100% would mean the same castaways in the same order.`;
}

export const totalSubmissionsLabel = (n: number) => `${GLOBAL_MESSAGES.totalSubmissions}: ${n}`;

/** Failure of a submission as shown (cleared after 5 s): the server's words where it gives them. */
export function submitErrorMessage(error: unknown): string {
  const status = (error as { status?: unknown } | null)?.status;
  const message = (error as { message?: unknown } | null)?.message;
  if (status === 401) return GLOBAL_MESSAGES.mustLogIn;
  if ((status === 400 || status === 409 || status === 429) && typeof message === "string" && message) {
    return message;
  }
  return GLOBAL_MESSAGES.submitFailed;
}
