import { Hono, type TypedResponse } from "hono";
import type { AppDeps } from "../../app-deps.ts";
import { type AppEnv, isEditor, requireUser } from "../../http/context.ts";
import { tooManyRequests } from "../../http/errors.ts";
import { jsonBody, pathParams, queryParams } from "../../http/validate.ts";
import { COMMENT_MESSAGES } from "#shared/comments.ts";
import {
  commentParamsSchema,
  commentsQuerySchema,
  commentVoteSchema,
  newCommentSchema,
} from "#shared/comments.schema.ts";
import { hitRateLimit } from "../rate-limit/rate-limit.service.ts";
import {
  addComment,
  deleteComment,
  type Discussion,
  discussionJson,
  forgetDiscussion,
  type Target,
  voteComment,
} from "./comments.service.ts";

// A burst of 5 comments, then about one every 10 seconds.
export const COMMENT_BURST_LIMIT = { max: 5, windowMs: 10_000 };
export const COMMENT_MINUTE_LIMIT = { max: 10, windowMs: 60_000 };
// Votes ring Inboxes: enough for reading a long thread, not for flooding one.
export const COMMENT_VOTE_LIMIT = { max: 60, windowMs: 60_000 };

/** The public event an open discussion refetches on. */
export const COMMENTS_EVENT = "comments";

const commentParams = pathParams(commentParamsSchema, COMMENT_MESSAGES.notFound);

export function commentsRoutes(deps: AppDeps) {
  const { db } = deps.database;
  // Any process's comment write reaches every process through the hub: each
  // drops its shared copies before its readers refetch.
  deps.hub.subscribe(null, (event) => {
    if (event.type === COMMENTS_EVENT) forgetDiscussion(db, event.data as Target);
  });
  const ring = async (target: Target, notified: string[]) => {
    forgetDiscussion(db, target);
    await deps.hub.publish({ type: COMMENTS_EVENT, data: target });
    for (const userId of notified) await deps.hub.publish({ type: "notifications", data: {}, userId });
  };
  return new Hono<AppEnv>()
    .get("/", queryParams(commentsQuerySchema), async (c) => {
      const { sort, ...target } = c.req.valid("query");
      const user = c.get("user");
      const viewer = user ? { id: user.id, isEditor: isEditor(user, deps.admins) } : null;
      const json = await discussionJson(db, target, sort, viewer);
      // Serialised once and shared between readers; the declared type is the
      // service's Discussion, which is what the text holds.
      return c.body(json, 200, { "Content-Type": "application/json" }) as unknown as TypedResponse<
        Discussion,
        200,
        "json"
      >;
    })
    .post("/", requireUser, jsonBody(newCommentSchema), async (c) => {
      const user = c.get("user");
      const allowed =
        (await hitRateLimit(db, `comment:${user.id}`, COMMENT_BURST_LIMIT)) &&
        (await hitRateLimit(db, `comment-minute:${user.id}`, COMMENT_MINUTE_LIMIT));
      if (!allowed) throw tooManyRequests(COMMENT_MESSAGES.rateLimited);
      const input = c.req.valid("json");
      const { id, notified } = await addComment(db, user, input);
      await ring(input.target, notified);
      return c.json({ id }, 201);
    })
    .post("/:commentId/vote", requireUser, commentParams, jsonBody(commentVoteSchema), async (c) => {
      const user = c.get("user");
      if (!(await hitRateLimit(db, `comment-vote:${user.id}`, COMMENT_VOTE_LIMIT))) {
        throw tooManyRequests(COMMENT_MESSAGES.voteRateLimited);
      }
      const { commentId } = c.req.valid("param");
      const { result, notified, target } = await voteComment(db, user, commentId, c.req.valid("json").value);
      await ring(target, notified);
      return c.json(result);
    })
    .delete("/:commentId", requireUser, commentParams, async (c) => {
      const user = c.get("user");
      const viewer = { id: user.id, isEditor: isEditor(user, deps.admins) };
      const target = await deleteComment(db, viewer, c.req.valid("param").commentId);
      await ring(target, []);
      return c.body(null, 204);
    });
}
