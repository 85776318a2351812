import { useQuery } from "@tanstack/react-query";
import { HiddenEntry } from "#client/components/ui/hidden-entry.tsx";
import { publicProfileQueryOptions } from "#client/lib/queries/profile.ts";
import { useSpoilerGate } from "#client/lib/spoiler-horizon.ts";
import { type HiddenEntry as HiddenEntryDto, isHiddenEntry } from "#shared/spoiler-horizon.ts";

type MostRankedDto = { id: string; name: string; count: number } | HiddenEntryDto;

interface MostRankedProps {
  userId: string;
  page: number;
  mostRanked: MostRankedDto | null;
}

/**
 * The profile's "Most Ranked" person, hidden like any castaway past the
 * reader's spoiler horizon (docs/product.md, "Spoiler horizon"): by their
 * earliest appearance counted. A tap on one the server hid asks for the
 * profile whole.
 */
export function MostRanked({ userId, page, mostRanked }: MostRankedProps) {
  const gate = useSpoilerGate(mostRanked ? [mostRanked] : []);
  const whole = useQuery({ ...publicProfileQueryOptions(userId, page, true), enabled: gate.wantsWhole });
  const shown: MostRankedDto | null =
    gate.wantsWhole && whole.data ? (whole.data.profile.mostRanked as MostRankedDto | null) : mostRanked;
  if (!shown) return <strong>—</strong>;
  const season = gate.hiddenSeason(shown, 0);
  if (season !== null || isHiddenEntry(shown)) {
    return (
      <HiddenEntry
        season={season ?? (isHiddenEntry(shown) ? shown.season : 0)}
        onReveal={() => gate.reveal(0)}
        size={24}
      />
    );
  }
  return <strong>{shown.name}</strong>;
}
