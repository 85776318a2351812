import { Hono } from "hono";
import type { AppDeps } from "../../app-deps.ts";
import { type AppEnv, isEditor, requireEditor } from "../../http/context.ts";
import { jsonBody, pathParams } from "../../http/validate.ts";
import { referenceListInputSchema, referenceListParamsSchema } from "#shared/reference-lists.schema.ts";
import { limitPerUser } from "../../rate-limit/write-limits.ts";
import { getReferenceLists, saveReferenceList } from "./reference-lists.service.ts";

// Each save is broadcast to every open home page.
export const REFERENCE_SAVE_LIMIT = { max: 30, windowMs: 60_000 };

/** Everyone reads the home page's reference lists; only editors (ADMIN_EMAILS) change them. */
export function referenceListsRoutes(deps: AppDeps) {
  const { store } = deps;
  return new Hono<AppEnv>()
    .get("/", async (c) =>
      c.json({ ...(await getReferenceLists(store)), canEdit: isEditor(c.get("user"), deps.admins) }),
    )
    .put(
      "/:id",
      requireEditor(deps.admins, "Only editors can change the reference lists."),
      limitPerUser(
        deps.limits,
        "reference-save",
        REFERENCE_SAVE_LIMIT,
        "You are saving too fast. Please wait a moment and try again.",
      ),
      pathParams(referenceListParamsSchema, "No such reference list."),
      jsonBody(referenceListInputSchema),
      async (c) => {
        await saveReferenceList(store, c.req.valid("param").id, c.req.valid("json").items, c.get("user").id);
        return c.json({ ...(await getReferenceLists(store)), canEdit: true });
      },
    );
}
