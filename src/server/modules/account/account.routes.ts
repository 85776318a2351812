import { Hono } from "hono";
import { deleteCookie } from "hono/cookie";
import type { AppDeps } from "../../app-deps.ts";
import type { SessionReader } from "../../auth/session-reader.ts";
import { type AppEnv, requireUser } from "../../http/context.ts";
import { jsonBody, pathParams } from "../../http/validate.ts";
import { limitPerUser } from "../../rate-limit/write-limits.ts";
import { ACCOUNT_MESSAGES, exportFileName } from "#shared/account.ts";
import { deleteAccountSchema, sessionParamsSchema } from "#shared/account.schema.ts";
import { exportChunks } from "./account-export.ts";
import { accountOverview, deleteAccount, endSession } from "./account.service.ts";

// A heavy read: every row of the member's, a page at a time.
export const EXPORT_LIMIT = { max: 5, windowMs: 10 * 60_000 };
// Each attempt checks a password (slow on purpose): a bound on guessing it here.
export const DELETE_ACCOUNT_LIMIT = { max: 10, windowMs: 10 * 60_000 };
export const END_SESSION_LIMIT = { max: 30, windowMs: 10 * 60_000 };

/**
 * The signed-in member's account (mounted at /api/me beside their profile):
 * sign-in methods and sessions, ending another session, the download of
 * their data, and deleting the account (docs/product.md, Your account).
 */
export function accountRoutes(deps: AppDeps, sessions: SessionReader) {
  const { store, limits } = deps;
  const limitExport = limitPerUser(limits, "export", EXPORT_LIMIT, ACCOUNT_MESSAGES.exportLimited);
  const limitDelete = limitPerUser(
    limits,
    "delete-account",
    DELETE_ACCOUNT_LIMIT,
    ACCOUNT_MESSAGES.deleteLimited,
  );
  const limitEnd = limitPerUser(limits, "end-session", END_SESSION_LIMIT, ACCOUNT_MESSAGES.sessionLimited);
  const currentSessionId = async (headers: Headers) =>
    (await sessions.readSession(headers)).data?.session.id ?? null;

  return new Hono<AppEnv>()
    .get("/account", requireUser, async (c) =>
      c.json(await accountOverview(store.db, c.get("user").id, await currentSessionId(c.req.raw.headers))),
    )
    .delete("/account", requireUser, limitDelete, jsonBody(deleteAccountSchema), async (c) => {
      await deleteAccount(
        store,
        { auth: deps.auth, storage: deps.storage, limits, logger: deps.logger },
        c.get("user").id,
        c.req.valid("json"),
      );
      // The browser forgets the cookie of a session that no longer exists.
      const { name, attributes } = (await deps.auth.$context).authCookies.sessionToken;
      deleteCookie(c, name, {
        path: attributes.path ?? "/",
        secure: Boolean(attributes.secure),
        httpOnly: true,
      });
      return c.body(null, 204);
    })
    .delete(
      "/sessions/:sessionId",
      requireUser,
      limitEnd,
      pathParams(sessionParamsSchema, ACCOUNT_MESSAGES.sessionNotFound),
      async (c) => {
        await endSession(
          store,
          c.get("user").id,
          c.req.valid("param").sessionId,
          await currentSessionId(c.req.raw.headers),
        );
        return c.body(null, 204);
      },
    )
    .get("/export", requireUser, limitExport, async (c) => {
      const me = c.get("user");
      const chunks = exportChunks(store.db, me.id);
      const encoder = new TextEncoder();
      const body = new ReadableStream<Uint8Array>({
        async pull(controller) {
          try {
            const next = await chunks.next();
            if (next.done) controller.close();
            else controller.enqueue(encoder.encode(next.value));
          } catch (error) {
            deps.logger.error("data download failed", { error: String(error) });
            controller.error(error);
          }
        },
        async cancel() {
          await chunks.return(undefined);
        },
      });
      return c.body(body, 200, {
        "Content-Type": "application/json; charset=utf-8",
        "Content-Disposition": `attachment; filename="${exportFileName(me.name, new Date())}"`,
        // Streamed as it is read: never buffered to be compressed (http/compression.ts), never stored.
        "Cache-Control": "private, no-store, no-transform",
      });
    });
}
