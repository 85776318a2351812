import { Hono } from "hono";
import type { AppDeps } from "../../app-deps.ts";
import { type AppEnv, isEditor, requireUser } from "../../http/context.ts";
import { sendJsonBytes } from "../../http/json-bytes.ts";
import { jsonBody, pathParams, queryParams } from "../../http/validate.ts";
import { COMMENT_MESSAGES } from "#shared/comments.ts";
import {
  commentParamsSchema,
  commentsQuerySchema,
  commentVoteSchema,
  newCommentSchema,
} from "#shared/comments.schema.ts";
import { limitPerUser } from "../../rate-limit/write-limits.ts";
import { addComment, deleteComment, voteComment } from "./comments.service.ts";
import { discussionJson } from "./discussion.service.ts";

// A burst of 5 comments, then about one every 10 seconds.
export const COMMENT_BURST_LIMIT = { max: 5, windowMs: 10_000 };
export const COMMENT_MINUTE_LIMIT = { max: 10, windowMs: 60_000 };
// Votes ring Inboxes: enough for reading a long thread, not for flooding one.
export const COMMENT_VOTE_LIMIT = { max: 60, windowMs: 60_000 };

const commentParams = pathParams(commentParamsSchema, COMMENT_MESSAGES.notFound);

export function commentsRoutes(deps: AppDeps) {
  const { store, limits } = deps;
  const limitBurst = limitPerUser(limits, "comment", COMMENT_BURST_LIMIT, COMMENT_MESSAGES.rateLimited);
  const limitMinute = limitPerUser(
    limits,
    "comment-minute",
    COMMENT_MINUTE_LIMIT,
    COMMENT_MESSAGES.rateLimited,
  );
  const limitVote = limitPerUser(
    limits,
    "comment-vote",
    COMMENT_VOTE_LIMIT,
    COMMENT_MESSAGES.voteRateLimited,
  );
  return new Hono<AppEnv>()
    .get("/", queryParams(commentsQuerySchema), async (c) => {
      const { sort, ...target } = c.req.valid("query");
      const user = c.get("user");
      const reader = user ? { id: user.id, isEditor: isEditor(user, deps.admins) } : null;
      return sendJsonBytes(c, await discussionJson(store, target, sort, reader));
    })
    .post("/", requireUser, limitBurst, limitMinute, jsonBody(newCommentSchema), async (c) => {
      const { id } = await addComment(store, c.get("user"), c.req.valid("json"));
      return c.json({ id }, 201);
    })
    .post(
      "/:commentId/vote",
      requireUser,
      limitVote,
      commentParams,
      jsonBody(commentVoteSchema),
      async (c) => {
        const { commentId } = c.req.valid("param");
        return c.json(await voteComment(store, c.get("user"), commentId, c.req.valid("json").value));
      },
    )
    .delete("/:commentId", requireUser, commentParams, async (c) => {
      const user = c.get("user");
      const viewer = { id: user.id, isEditor: isEditor(user, deps.admins) };
      await deleteComment(store, viewer, c.req.valid("param").commentId);
      return c.body(null, 204);
    });
}
