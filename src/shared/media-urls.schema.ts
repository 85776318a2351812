import { z } from "zod";
import { APPEARANCE_ID_MAX, APPEARANCE_ID_PATTERN, SEASON_ID_PATTERN } from "./media-urls.ts";

export const seasonIdSchema = z.string().regex(SEASON_ID_PATTERN);
export const appearanceIdSchema = z.string().max(APPEARANCE_ID_MAX).regex(APPEARANCE_ID_PATTERN);
