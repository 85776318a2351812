import { buildCatalog, type Catalog, type SeasonDto } from "#client/lib/seasons-query.ts";
import { appearanceId, loadReferenceData } from "#server/modules/seasons/reference-data.ts";

/** The client's catalog of the real reference data, shaped as GET /api/seasons answers it. */
export function referenceCatalog(): Catalog {
  const seasons: SeasonDto[] = loadReferenceData().map((s) => ({
    id: s.id,
    number: s.number,
    name: s.name,
    castaways: s.castaways.map((c) => ({
      id: appearanceId(s.id, c.id),
      slug: c.id,
      name: c.name,
      shortName: c.shortName,
    })),
  }));
  return buildCatalog(seasons);
}
