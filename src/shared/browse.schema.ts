import { z } from "zod";
import { parseBrowseQuery } from "./browse.ts";

/** Query of /api/browse: any strings, read by the shared parseBrowseQuery (which never refuses). */
export const browseQuerySchema = z
  .object({
    q: z.string().optional(),
    type: z.string().optional(),
    sort: z.string().optional(),
    tags: z.string().optional(),
    page: z.string().optional(),
  })
  .transform(parseBrowseQuery);
