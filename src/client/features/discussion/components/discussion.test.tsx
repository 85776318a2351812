// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { CommentDto, DiscussionDto, ThreadDto } from "#server/api-types.ts";
import type { DiscussionVariant } from "../model/discussion-texts.ts";
import { Discussion } from "./discussion.tsx";

const NOW = Date.now();
const minutesAgo = (m: number) => new Date(NOW - m * 60_000).toISOString();
const TARGET = { listUserId: "owner", listId: "list_1" };

function comment(over: Partial<CommentDto> & Pick<CommentDto, "id">): CommentDto {
  return {
    parentId: null,
    author: { id: "ann", name: "Ann", pictureUrl: null },
    replyTo: null,
    text: `text of ${over.id}`,
    deleted: false,
    createdAt: minutesAgo(5),
    upvotes: 0,
    downvotes: 0,
    score: 0,
    myVote: 0,
    canDelete: false,
    ...over,
  };
}

const thread = (c: CommentDto, replies: CommentDto[] = []): ThreadDto => ({ ...c, replies });

interface Call {
  method: string;
  url: string;
  body: unknown;
}

/**
 * The API as this component sees it: the discussion answered from `state`
 * (changed by the test between calls), writes answered by `reply`.
 */
type Answer = { status: number; body?: unknown };

function serve(state: { discussion: DiscussionDto }, reply: (call: Call) => Answer | Promise<Answer>) {
  const calls: Call[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? "GET";
      const body = typeof init?.body === "string" ? JSON.parse(init.body) : undefined;
      calls.push({ method, url, body });
      const answer =
        method === "GET" && url.startsWith("/api/comments?")
          ? { status: 200, body: state.discussion }
          : await reply({ method, url, body });
      return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
        status: answer.status,
        headers: { "Content-Type": "application/json" },
      });
    }),
  );
  return calls;
}

function renderDiscussion({
  signedIn = true,
  variant = "list" as DiscussionVariant,
  path = "/list/owner/list_1",
  readOnly = false,
} = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      {
        path: "/list/:userId/:listId",
        element: <Discussion target={TARGET} variant={variant} signedIn={signedIn} readOnly={readOnly} />,
      },
      { path: "/rankings/user/:userId", element: <p>profile page</p> },
    ],
    {
      initialEntries: [
        { pathname: path.split("?")[0], search: path.split("?")[1] ?? "", state: { source: "home" } },
      ],
    },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const ANN = comment({ id: "c1", text: "First line\nSecond line", upvotes: 2, score: 2 });
const BOB_REPLY = comment({
  id: "r1",
  parentId: "c1",
  author: { id: "bob", name: "Bob", pictureUrl: null },
  replyTo: { id: "ann", name: "Ann" },
  text: "Agreed",
  createdAt: minutesAgo(2),
  canDelete: true,
});
const CY = comment({
  id: "c2",
  author: { id: "cy", name: "Cy", pictureUrl: null },
  text: "Older",
  createdAt: minutesAgo(90),
});

let state: { discussion: DiscussionDto };

beforeEach(() => {
  state = { discussion: { threads: [thread(ANN, [BOB_REPLY]), thread(CY)], count: 3 } };
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const commentEl = (name: string) => screen.getByRole("article", { name: `Comment by ${name}` });

describe("Discussion", () => {
  it("loads, then shows threads newest first with replies under them", async () => {
    const calls = serve(state, () => ({ status: 500 }));
    renderDiscussion();
    expect(screen.getByRole("heading", { level: 2, name: "Comments" })).toBeTruthy();
    expect(screen.getByText("Loading comments...")).toBeTruthy();
    await screen.findByText("Agreed");
    expect(calls[0]!.url).toBe("/api/comments?listUserId=owner&listId=list_1&sort=new");

    const articles = screen.getAllByRole("article").map((a) => a.getAttribute("aria-label"));
    expect(articles).toEqual(["Comment by Ann", "Comment by Bob", "Comment by Cy"]);
    expect(screen.getByLabelText("3 comments").textContent).toBe("3");

    const ann = commentEl("Ann");
    expect(within(ann).getByRole("link", { name: "Ann" }).getAttribute("href")).toBe("/rankings/user/ann");
    expect(within(ann).getByText(/First line/).textContent).toBe("First line\nSecond line");
    expect(within(ann).getByText("5m ago").getAttribute("datetime")).toBe(ANN.createdAt);
    const bob = commentEl("Bob");
    expect(within(bob).getByRole("link", { name: "@Ann" }).getAttribute("href")).toBe("/rankings/user/ann");
    expect(within(bob).getByText("2m ago")).toBeTruthy();
    expect(within(commentEl("Cy")).getByText("1h ago")).toBeTruthy();
    // The reply is listed inside its thread.
    expect(ann.closest("li")!.contains(bob)).toBe(true);
    // Delete only where the reader may.
    expect(within(bob).getByRole("button", { name: "Delete" })).toBeTruthy();
    expect(within(ann).queryByRole("button", { name: "Delete" })).toBeNull();
  });

  it("says so when there are no comments", async () => {
    state.discussion = { threads: [], count: 0 };
    serve(state, () => ({ status: 500 }));
    renderDiscussion();
    expect(await screen.findByText("No comments yet. Be the first!")).toBeTruthy();
    expect(screen.queryByRole("group", { name: "Sort comments" })).toBeNull();
  });

  it("shows a deleted comment with replies as a placeholder", async () => {
    state.discussion = {
      threads: [thread(comment({ id: "c1", deleted: true, text: "" }), [BOB_REPLY])],
      count: 1,
    };
    serve(state, () => ({ status: 500 }));
    renderDiscussion();
    expect(await screen.findByText("This comment was deleted.")).toBeTruthy();
    expect(screen.getAllByRole("article").map((a) => a.getAttribute("aria-label"))).toEqual([
      "Comment by Bob",
    ]);
  });

  it("lets visitors read but not write or vote (list texts)", async () => {
    serve(state, () => ({ status: 500 }));
    renderDiscussion({ signedIn: false });
    await screen.findByText("Agreed");
    expect(screen.getByText("Please log in to add comments.")).toBeTruthy();
    expect(screen.getByRole("textbox", { name: "Add a comment" })).toHaveProperty("disabled", true);
    expect(screen.getByRole("button", { name: "Post Comment" })).toHaveProperty("disabled", true);
    for (const arrow of screen.getAllByRole("button", { name: /^(Upvote|Downvote)$/ })) {
      expect(arrow).toHaveProperty("disabled", true);
      expect(arrow.getAttribute("title")).toBe("Please log in to vote");
    }
    expect(screen.queryByRole("button", { name: "Reply" })).toBeNull();
  });

  it("read-only (a closed category): says so, with no form, no reply and no vote, but keeps Delete", async () => {
    serve(state, () => ({ status: 500 }));
    renderDiscussion({ signedIn: true, variant: "global", readOnly: true });
    await screen.findByText("Agreed");
    expect(screen.getByText("Voting on this category has ended, and so has its discussion.")).toBeTruthy();
    expect(screen.queryByRole("textbox")).toBeNull();
    expect(screen.queryByRole("button", { name: "Reply" })).toBeNull();
    for (const arrow of screen.getAllByRole("button", { name: /^(Upvote|Downvote)$/ })) {
      expect(arrow).toHaveProperty("disabled", true);
    }
    expect(within(commentEl("Bob")).getByRole("button", { name: "Delete" })).toBeTruthy();
  });

  it("uses the global view's texts in the global variant", async () => {
    serve(state, () => ({ status: 500 }));
    renderDiscussion({ signedIn: false, variant: "global" });
    await screen.findByText("Agreed");
    expect(screen.getByText("Please log in to join the discussion.")).toBeTruthy();
    expect(screen.queryByText("Please log in to add comments.")).toBeNull();
  });

  it("counts the characters left, refuses only spaces, and posts", async () => {
    const calls = serve(state, ({ method }) =>
      method === "POST" ? { status: 201, body: { id: "c9" } } : { status: 500 },
    );
    renderDiscussion();
    await screen.findByText("Agreed");
    const box = screen.getByRole("textbox", { name: "Add a comment" });
    const post = screen.getByRole("button", { name: "Post Comment" });
    expect(post).toHaveProperty("disabled", true);
    expect(screen.getByText("500 characters remaining")).toBeTruthy();

    fireEvent.change(box, { target: { value: "   " } });
    expect(screen.getByText("500 characters remaining")).toBeTruthy();
    act(() => fireEvent.click(post));
    expect(screen.getByRole("alert").textContent).toBe("Comment cannot be empty.");
    expect(calls.filter((c) => c.method === "POST")).toHaveLength(0);

    fireEvent.change(box, { target: { value: "x".repeat(501) } });
    expect(screen.getByText("-1 characters remaining")).toBeTruthy();
    expect(post).toHaveProperty("disabled", true);
    expect(screen.queryByRole("alert")).toBeNull();

    fireEvent.change(box, { target: { value: "  Nice list!\nReally.  " } });
    expect(screen.getByText("482 characters remaining")).toBeTruthy();
    state.discussion = {
      threads: [
        thread(comment({ id: "c9", text: "Nice list!\nReally.", createdAt: minutesAgo(0) })),
        ...state.discussion.threads,
      ],
      count: 4,
    };
    act(() => fireEvent.click(post));
    await screen.findByText(/Nice list!/);
    expect(calls.find((c) => c.method === "POST")!.body).toEqual({
      target: TARGET,
      text: "Nice list!\nReally.",
    });
    await waitFor(() => expect((box as HTMLTextAreaElement).value).toBe(""));
    expect(screen.getByText("just now")).toBeTruthy();
  });

  it("shows the server's reason or the product's text when posting fails", async () => {
    let answer = {
      status: 429,
      body: { error: { code: "RATE_LIMITED", message: "You are commenting too fast." } },
    };
    serve(state, () => answer);
    renderDiscussion();
    await screen.findByText("Agreed");
    const box = screen.getByRole("textbox", { name: "Add a comment" });
    fireEvent.change(box, { target: { value: "hello" } });
    act(() => fireEvent.click(screen.getByRole("button", { name: "Post Comment" })));
    expect((await screen.findByRole("alert")).textContent).toBe("You are commenting too fast.");
    answer = { status: 401, body: { error: { code: "UNAUTHORIZED", message: "x" } } };
    act(() => fireEvent.click(screen.getByRole("button", { name: "Post Comment" })));
    await waitFor(() =>
      expect(screen.getByRole("alert").textContent).toBe("You must be logged in to add comments."),
    );
    expect((box as HTMLTextAreaElement).value).toBe("hello");
  });

  it("opens one reply form at a time, posts a reply to a reply, and Cancel closes it", async () => {
    const calls = serve(state, ({ method }) =>
      method === "POST" ? { status: 201, body: { id: "r2" } } : { status: 500 },
    );
    renderDiscussion();
    await screen.findByText("Agreed");
    act(() => fireEvent.click(within(commentEl("Ann")).getByRole("button", { name: "Reply" })));
    expect(screen.getByRole("textbox", { name: "Reply to Ann" })).toBeTruthy();
    act(() => fireEvent.click(within(commentEl("Bob")).getByRole("button", { name: "Reply" })));
    expect(screen.queryByRole("textbox", { name: "Reply to Ann" })).toBeNull();
    const replyBox = screen.getByRole("textbox", { name: "Reply to Bob" });
    expect(document.activeElement).toBe(replyBox);

    act(() => fireEvent.click(screen.getByRole("button", { name: "Cancel" })));
    expect(screen.queryByRole("textbox", { name: /Reply to/ })).toBeNull();

    act(() => fireEvent.click(within(commentEl("Bob")).getByRole("button", { name: "Reply" })));
    fireEvent.change(screen.getByRole("textbox", { name: "Reply to Bob" }), {
      target: { value: "Thanks Bob" },
    });
    act(() => fireEvent.click(screen.getByRole("button", { name: "Post Reply" })));
    await waitFor(() => expect(screen.queryByRole("textbox", { name: "Reply to Bob" })).toBeNull());
    expect(calls.find((c) => c.method === "POST")!.body).toEqual({
      target: TARGET,
      text: "Thanks Bob",
      replyTo: "r1",
    });
  });

  it("votes at once, takes the server's counts, and rolls back on failure", async () => {
    let release: (answer: Answer) => void = () => {};
    const calls = serve(state, () => new Promise<Answer>((resolve) => (release = resolve)));
    renderDiscussion();
    await screen.findByText("Agreed");
    const ann = commentEl("Ann");
    const up = within(ann).getByRole("button", { name: "Upvote" });
    const score = ann.querySelector(".comment-score")!;
    expect(up.getAttribute("aria-pressed")).toBe("false");
    expect(score.textContent).toBe("2");

    // Shown before the server answers.
    act(() => fireEvent.click(up));
    await waitFor(() => expect(score.textContent).toBe("3"));
    expect(up.getAttribute("aria-pressed")).toBe("true");
    expect(calls.find((c) => c.url === "/api/comments/c1/vote")!.body).toEqual({ value: 1 });
    // Another vote's answer counted meanwhile: the server's numbers win.
    state.discussion = {
      ...state.discussion,
      threads: [thread({ ...ANN, upvotes: 4, score: 4, myVote: 1 }, [BOB_REPLY]), thread(CY)],
    };
    await act(async () => release({ status: 200, body: { upvotes: 4, downvotes: 0, score: 4, myVote: 1 } }));
    await waitFor(() => expect(score.textContent).toBe("4"));
    await waitFor(() => expect(up.getAttribute("aria-busy")).toBeNull());

    // The server then says no to the downvote: the old state comes back, with the product's text.
    act(() => fireEvent.click(within(ann).getByRole("button", { name: "Downvote" })));
    await waitFor(() => expect(score.textContent).toBe("2"));
    expect(within(ann).getByRole("button", { name: "Downvote" }).getAttribute("aria-pressed")).toBe("true");
    await act(async () => release({ status: 500, body: { error: { code: "INTERNAL", message: "boom" } } }));
    expect((await within(ann).findByRole("alert")).textContent).toBe(
      "Failed to process your vote. Please try again.",
    );
    await waitFor(() => expect(score.textContent).toBe("4"));
    expect(within(ann).getByRole("button", { name: "Upvote" }).getAttribute("aria-pressed")).toBe("true");
  });

  it("keeps quick presses: they go one after another, each shown at once", async () => {
    const pending: Array<(answer: Answer) => void> = [];
    const calls = serve(state, () => new Promise<Answer>((resolve) => pending.push(resolve)));
    renderDiscussion();
    await screen.findByText("Agreed");
    const cy = commentEl("Cy");
    const score = cy.querySelector(".comment-score")!;
    act(() => fireEvent.click(within(cy).getByRole("button", { name: "Upvote" })));
    await waitFor(() => expect(score.textContent).toBe("1"));
    act(() => fireEvent.click(within(cy).getByRole("button", { name: "Downvote" })));
    await waitFor(() => expect(score.textContent).toBe("-1"));
    // The second waits for the first: the server toggles from what the first left.
    const votes = () => calls.filter((c) => c.url === "/api/comments/c2/vote").map((c) => c.body);
    expect(votes()).toEqual([{ value: 1 }]);
    await act(async () =>
      pending[0]!({ status: 200, body: { upvotes: 1, downvotes: 0, score: 1, myVote: 1 } }),
    );
    await waitFor(() => expect(votes()).toEqual([{ value: 1 }, { value: -1 }]));
    // The first answer does not flicker the screen back while the second is out.
    expect(score.textContent).toBe("-1");
    state.discussion = {
      ...state.discussion,
      threads: [state.discussion.threads[0]!, thread({ ...CY, downvotes: 1, score: -1, myVote: -1 })],
    };
    await act(async () =>
      pending[1]!({ status: 200, body: { upvotes: 0, downvotes: 1, score: -1, myVote: -1 } }),
    );
    await waitFor(() =>
      expect(within(cy).getByRole("button", { name: "Downvote" }).getAttribute("aria-busy")).toBeNull(),
    );
    expect(score.textContent).toBe("-1");
    expect(within(cy).getByRole("button", { name: "Downvote" }).getAttribute("aria-pressed")).toBe("true");
  });

  it("deletes only after the confirmation, and says why when refused", async () => {
    let answer: Answer = { status: 204 };
    const calls = serve(state, () => answer);
    renderDiscussion();
    await screen.findByText("Agreed");
    const confirm = vi.spyOn(window, "confirm").mockReturnValue(false);
    act(() => fireEvent.click(within(commentEl("Bob")).getByRole("button", { name: "Delete" })));
    expect(confirm).toHaveBeenCalledWith("Are you sure you want to delete this comment?");
    expect(calls.filter((c) => c.method === "DELETE")).toHaveLength(0);

    confirm.mockReturnValue(true);
    answer = {
      status: 403,
      body: { error: { code: "FORBIDDEN", message: "You can only delete your own comments." } },
    };
    act(() => fireEvent.click(within(commentEl("Bob")).getByRole("button", { name: "Delete" })));
    expect((await within(commentEl("Bob")).findByRole("alert")).textContent).toBe(
      "You can only delete your own comments.",
    );

    answer = { status: 204 };
    state.discussion = { threads: [thread(ANN), thread(CY)], count: 2 };
    act(() => fireEvent.click(within(commentEl("Bob")).getByRole("button", { name: "Delete" })));
    await waitFor(() => expect(screen.queryByText("Agreed")).toBeNull());
    expect(calls.filter((c) => c.method === "DELETE").map((c) => c.url)).toEqual([
      "/api/comments/r1",
      "/api/comments/r1",
    ]);
  });

  it("keeps the order in the URL, leaving the default out and the page's state alone", async () => {
    const calls = serve(state, () => ({ status: 500 }));
    const router = renderDiscussion({ path: "/list/owner/list_1?sort=best" });
    await screen.findByText("Agreed");
    const sorts = screen.getByRole("group", { name: "Sort comments" });
    expect(within(sorts).getByRole("button", { name: "Best" }).getAttribute("aria-pressed")).toBe("true");
    expect(calls[0]!.url).toContain("sort=best");

    act(() => fireEvent.click(within(sorts).getByRole("button", { name: "Top" })));
    expect(router.state.location.search).toBe("?sort=top");
    expect(router.state.location.state).toEqual({ source: "home" });
    await waitFor(() => expect(calls.some((c) => c.url.endsWith("sort=top"))).toBe(true));

    act(() => fireEvent.click(within(sorts).getByRole("button", { name: "New" })));
    expect(router.state.location.search).toBe("");
    expect(within(sorts).getByRole("button", { name: "New" }).getAttribute("aria-pressed")).toBe("true");
  });
});
