import { Hono } from "hono";
import { z } from "zod";
import { type AppDeps, type AppEnv, requireUser } from "../../http/context.ts";
import { forbidden } from "../../http/errors.ts";
import { jsonBody } from "../../http/validate.ts";
import { ITEM_ID } from "#shared/lists.ts";
import { LIMITS } from "#shared/limits.ts";
import { getReferenceLists, REFERENCE_LIST_IDS, saveReferenceList } from "./reference-lists.service.ts";

const bodySchema = z.object({ items: z.array(z.string().regex(ITEM_ID)).max(LIMITS.listItemsMax) });
const idSchema = z.enum(REFERENCE_LIST_IDS);

export const REFERENCE_LISTS_EVENT = "reference-lists";

/** Everyone reads the home page's reference lists; only editors (ADMIN_EMAILS) change them. */
export function referenceListsRoutes(deps: AppDeps) {
  const { db } = deps.database;
  const isEditor = (email: string | undefined) => Boolean(email && deps.admins.has(email.toLowerCase()));
  return new Hono<AppEnv>()
    .get("/", async (c) =>
      c.json({ ...(await getReferenceLists(db)), canEdit: isEditor(c.get("user")?.email) }),
    )
    .put("/:id", requireUser, jsonBody(bodySchema), async (c) => {
      const parsed = idSchema.safeParse(c.req.param("id"));
      if (!parsed.success)
        return c.json({ error: { code: "NOT_FOUND", message: "No such reference list." } }, 404);
      if (!isEditor(c.get("user").email)) throw forbidden("Only editors can change the reference lists.");
      await saveReferenceList(db, parsed.data, c.req.valid("json").items, c.get("user").id);
      const current = await getReferenceLists(db);
      await deps.hub.publish({ type: REFERENCE_LISTS_EVENT, data: current });
      return c.json({ ...current, canEdit: true });
    });
}
