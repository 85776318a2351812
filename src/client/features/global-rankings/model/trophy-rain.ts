// The falling-trophy animation of the overview cards: twenty 🏆.

export const TROPHY_COUNT = 20;
export const TROPHY = "🏆";

export interface TrophyDrop {
  /** Across the card, in percent of its width. */
  left: number;
  /** Seconds before this one starts falling (negative: already on its way when the page opens). */
  delay: number;
  /** Seconds per fall. */
  duration: number;
  /** Font size in rem. */
  size: number;
  /** Degrees it turns while falling. */
  spin: number;
  /** Where it rests when motion is reduced, in percent of the card's height. */
  restTop: number;
}

/** A small deterministic generator, so the rain looks the same on every render and in tests. */
function generator(seed: number) {
  let state = seed >>> 0 || 1;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/**
 * `count` drops spread evenly across the width (each in its own lane, jittered),
 * with staggered starts so the rain never arrives as one wave.
 */
export function trophyDrops(count = TROPHY_COUNT, seed = 49): TrophyDrop[] {
  const next = generator(seed);
  const lane = 100 / count;
  return Array.from({ length: count }, (_, i) => {
    const duration = 6 + next() * 5;
    return {
      left: Math.round((i * lane + next() * lane * 0.8) * 10) / 10,
      delay: -Math.round(next() * duration * 10) / 10,
      duration: Math.round(duration * 10) / 10,
      size: Math.round((0.9 + next() * 0.9) * 100) / 100,
      spin: Math.round((next() - 0.5) * 120),
      restTop: Math.round(6 + next() * 84),
    };
  });
}
