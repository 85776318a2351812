import type { FitInput } from "./types.ts";

/**
 * Refuses input the fit would silently misread (a worker gets its arrays
 * from another engineer's query): offsets out of order, items out of range,
 * an item twice in a ranking, a ranking scoped to a group it is not in.
 * Throws a RangeError naming the first problem.
 */
export function checkFitInput(input: FitInput): void {
  const { itemCount, ballots, minBallots } = input;
  const { ballotOffsets, rankingOffsets, items, weights, scopes } = ballots;
  const fail = (message: string): never => {
    throw new RangeError(`consensus input: ${message}`);
  };
  if (!Number.isInteger(itemCount) || itemCount < 0) fail("itemCount must be a whole number >= 0");
  if (!Number.isFinite(minBallots) || minBallots < 0) fail("minBallots must be a number >= 0");
  const prior = input.priorStrength ?? 1;
  if (!(prior > 0) || !Number.isFinite(prior)) fail("priorStrength must be > 0");
  const level = input.level ?? 0.9;
  if (!(level > 0 && level < 1)) fail("level must be between 0 and 1");
  const draws = input.rankDraws ?? 1;
  if (!Number.isInteger(draws) || draws < 1) fail("rankDraws must be a whole number >= 1");
  if (input.tolerance !== undefined && !(input.tolerance > 0)) fail("tolerance must be > 0");
  const rankings = weights.length;
  if (scopes.length !== rankings) fail("scopes must have one entry per ranking");
  checkOffsets(ballotOffsets, rankings, "ballotOffsets", fail);
  checkOffsets(rankingOffsets, items.length, "rankingOffsets", fail);
  if (rankingOffsets.length !== rankings + 1) fail("rankingOffsets must have one entry per ranking plus one");

  const groupOf = input.groupOf ?? null;
  const groupCount = input.groupCount ?? 0;
  if (groupOf) {
    if (groupOf.length !== itemCount) fail("groupOf must have one entry per item");
    for (let i = 0; i < itemCount; i++) {
      if (groupOf[i]! < 0 || groupOf[i]! >= groupCount) fail(`groupOf[${i}] is outside 0..${groupCount - 1}`);
    }
  }
  const seen = new Int32Array(itemCount).fill(-1);
  for (let r = 0; r < rankings; r++) {
    if (!(weights[r]! > 0) || !Number.isFinite(weights[r]!)) fail(`weight of ranking ${r} must be > 0`);
    const scope = scopes[r]!;
    if (scope < -1 || (scope >= 0 && (!groupOf || scope >= groupCount))) {
      fail(`scope of ranking ${r} is not -1 or a group`);
    }
    for (let e = rankingOffsets[r]!; e < rankingOffsets[r + 1]!; e++) {
      const i = items[e]!;
      if (i < 0 || i >= itemCount) fail(`ranking ${r} holds item ${i}, outside 0..${itemCount - 1}`);
      if (seen[i] === r) fail(`ranking ${r} holds item ${i} twice`);
      seen[i] = r;
      if (scope >= 0 && groupOf![i] !== scope)
        fail(`ranking ${r} is scoped to group ${scope} but holds item ${i}`);
    }
  }
}

function checkOffsets(offsets: Int32Array, end: number, name: string, fail: (m: string) => never): void {
  if (offsets.length < 1 || offsets[0] !== 0 || offsets.at(-1) !== end) {
    fail(`${name} must run from 0 to ${end}`);
  }
  for (let j = 1; j < offsets.length; j++)
    if (offsets[j]! < offsets[j - 1]!) fail(`${name} decrease at ${j}`);
}
