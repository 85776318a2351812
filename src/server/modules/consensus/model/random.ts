/**
 * A small seeded random generator (sfc32, seeded through splitmix32), so the
 * simulated rank ranges, the bootstrap and the synthetic data are the same on
 * every run and in every process: a page must not show "#4 (3–6)" on one
 * reload and "#4 (3–7)" on the next.
 */
export class SeededRandom {
  private a: number;
  private b: number;
  private c: number;
  private d: number;
  /** A second normal from the last Box–Muller pair, or NaN. */
  private spare = Number.NaN;

  constructor(seed: number) {
    let s = seed >>> 0;
    const next = () => {
      s = (s + 0x9e3779b9) | 0;
      let z = s;
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
      return (z ^ (z >>> 16)) >>> 0;
    };
    this.a = next();
    this.b = next();
    this.c = next();
    this.d = next();
    for (let i = 0; i < 12; i++) this.uint32();
  }

  /** Uniform on 0 .. 2^32 - 1. */
  uint32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** Uniform on [0, 1). */
  next(): number {
    return this.uint32() / 4294967296;
  }

  /** Uniform integer on 0 .. n - 1 (n up to 2^32). */
  below(n: number): number {
    return Math.floor(this.next() * n);
  }

  /** Standard normal (Box–Muller, both values used). */
  normal(): number {
    if (!Number.isNaN(this.spare)) {
      const z = this.spare;
      this.spare = Number.NaN;
      return z;
    }
    let u = 0;
    while (u === 0) u = this.next();
    const v = this.next();
    const r = Math.sqrt(-2 * Math.log(u));
    this.spare = r * Math.sin(2 * Math.PI * v);
    return r * Math.cos(2 * Math.PI * v);
  }

  /** Standard Gumbel: the top-k of log-strength + Gumbel is a Plackett–Luce top-k. */
  gumbel(): number {
    let u = 0;
    while (u === 0) u = this.next();
    return -Math.log(-Math.log(u));
  }
}
