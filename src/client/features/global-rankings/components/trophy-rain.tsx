import type { CSSProperties } from "react";
import { TROPHY, trophyDrops } from "../model/trophy-rain.ts";

const DROPS = trophyDrops();

/**
 * Twenty trophies falling behind a category's name. With
 * reduced motion they rest, scattered, and only glint (global-rankings.css).
 */
export function TrophyRain() {
  return (
    <div className="trophy-rain" aria-hidden="true" data-testid="trophy-rain">
      {DROPS.map((d, i) => (
        <span
          key={i}
          className="trophy-drop"
          style={
            {
              left: `${d.left}%`,
              "--drop-delay": `${d.delay}s`,
              "--drop-duration": `${d.duration}s`,
              "--drop-size": `${d.size}rem`,
              "--drop-spin": `${d.spin}deg`,
              "--drop-rest": `${d.restTop}%`,
            } as CSSProperties
          }
        >
          {TROPHY}
        </span>
      ))}
    </div>
  );
}
