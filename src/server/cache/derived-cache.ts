/** How much a cache may hold, and for how long at most. */
export interface CacheBound {
  /** Entries at most; the oldest goes first when a new one would pass it. */
  entries: number;
  /**
   * How long an answer is served at most. Writes through the app drop or
   * patch answers at once (their domain events), on every process, so this
   * bounds memory and what a change made outside the app leaves stale.
   */
  ttlMs: number;
  /**
   * Bytes at most, as `weigh` counts them, for answers whose sizes differ
   * by a thousand times (a member with a handful of flags or hundreds, a
   * discussion of one comment or thousands): the oldest go first until the
   * answers kept fit, and an answer larger than the whole bound is handed
   * to its readers and not kept. The entries bound alone let such a cache
   * grow with what its largest answers happen to be.
   */
  bytes?: number;
}

export interface DerivedCacheOptions<K, V> {
  /** What it holds, in words (logs, docs, tests). */
  name: string;
  /** The typed key's text: equal keys, equal text. */
  key: (key: K) => string;
  /**
   * Answers sharing a group are dropped together cheaply (e.g. one reader's
   * pages). The answer is known only for answers kept with `set`.
   */
  group?: (key: K, answer?: V) => string | undefined;
  /**
   * What a settled answer shows that a write may change (the lists on a
   * page), so that `update` with `mentioning` visits only the answers that
   * show the changed thing, and those still coming, instead of every one:
   * on a busy site each upvote otherwise walked every cached page.
   */
  mentions?: (key: K, answer: V) => Iterable<string>;
  bound: CacheBound;
  /** About how many bytes an answer keeps alive (required with `bound.bytes`). */
  weigh?: (answer: V) => number;
}

interface Entry<K, V> {
  key: K;
  group: string | undefined;
  value: Promise<V>;
  at: number;
  /** The answer once it came, and when: an answer complete before a write began cannot have seen it. */
  settled?: { answer: V; at: number };
  /** How the answer is read again: a write may turn out to show in an answer still coming. */
  load?: () => Promise<V>;
  /** What the settled answer shows (`mentions`), as indexed. */
  mentions?: string[];
  /** Writes that came while the answer was still coming (`revise`), applied as it comes. */
  revisions?: ((key: K, answer: V) => V)[];
  /** The settled answer's weight (`weigh`), counted in the cache's bytes while the entry is kept. */
  weight?: number;
}

/**
 * Answers derived from the database and kept in memory: each is a promise,
 * so a burst of identical reads costs one load. Nothing outside decides what
 * to forget: the cache's own subscriptions to domain events (cache/
 * registry.ts) drop or patch what a write changed, and while events of other
 * processes could be missed (`inSync` false) nothing is served from memory.
 */
export class DerivedCache<K, V> {
  readonly name: string;
  readonly bound: CacheBound;
  private readonly entries = new Map<string, Entry<K, V>>();
  private readonly groups = new Map<string, Set<string>>();
  /** With `mentions`: the keys' texts of the settled answers that show each thing, and of the answers still coming. */
  private readonly mentioned = new Map<string, Set<string>>();
  private readonly coming = new Set<string>();
  /** The kept answers' weights together (`weigh`). */
  private weighed = 0;

  constructor(
    private readonly options: DerivedCacheOptions<K, V>,
    private readonly sync: { enabled: boolean; inSync: () => boolean },
  ) {
    this.name = options.name;
    this.bound = options.bound;
    if (options.bound.bytes !== undefined && !options.weigh)
      throw new Error(`cache "${options.name}" is bounded in bytes but weighs nothing`);
  }

  get size(): number {
    return this.entries.size;
  }

  /** The kept answers' weight in bytes, as `weigh` counts it (0 for a cache that weighs nothing). */
  get bytes(): number {
    return this.weighed;
  }

  /** The cached answer for `key`, or `load()`'s (kept for the next reader). */
  get(key: K, load: () => Promise<V>): Promise<V> {
    const hit = this.fresh(key);
    if (hit) return hit.value;
    // Out of sync, an answer could miss a write no event will announce: not kept.
    if (!this.sync.enabled || !this.sync.inSync()) return load();
    const entry = this.store(key, load());
    entry.load = load;
    return entry.value;
  }

  /** The answer for `key` if one has come and is fresh, without loading. */
  peek(key: K): V | undefined {
    return this.fresh(key)?.settled?.answer;
  }

  /** Keeps `answer` for `key` (for a cache its owner fills itself, as the session reader does). */
  set(key: K, answer: V): void {
    if (this.sync.enabled && this.sync.inSync()) {
      this.store(key, Promise.resolve(answer), { answer, at: performance.now() });
    }
  }

  /** Drops the answer for `key`. */
  forget(key: K): void {
    this.remove(this.options.key(key));
  }

  private fresh(key: K): Entry<K, V> | undefined {
    if (!this.sync.enabled) return undefined;
    if (!this.sync.inSync()) {
      this.clear();
      return undefined;
    }
    const text = this.options.key(key);
    const hit = this.entries.get(text);
    if (hit && !this.expired(hit, Date.now())) return hit;
    if (hit) this.remove(text);
    return undefined;
  }

  private store(key: K, value: Promise<V>, settled?: Entry<K, V>["settled"]): Entry<K, V> {
    const text = this.options.key(key);
    this.remove(text);
    this.makeRoom();
    const group = this.options.group?.(key, settled?.answer);
    const entry: Entry<K, V> = { key, group, value, at: Date.now() };
    this.entries.set(text, entry);
    if (group !== undefined) {
      let texts = this.groups.get(group);
      if (!texts) this.groups.set(group, (texts = new Set()));
      texts.add(text);
    }
    if (settled) {
      this.settle(text, entry, settled);
      this.shed(text);
    } else {
      if (this.options.mentions) this.coming.add(text);
      value.then(
        (read) => {
          const answer = this.revised(entry, read);
          if (this.entries.get(text) !== entry) {
            entry.settled = { answer, at: performance.now() };
            return;
          }
          this.settle(text, entry, { answer, at: performance.now() });
          this.shed(text);
        },
        () => {
          if (this.entries.get(text) === entry) this.remove(text);
        },
      );
    }
    return entry;
  }

  /**
   * Drops the oldest entries past the bound, and the expired ones: an entry
   * no reader asks for again would otherwise stay until the bound pushed it
   * out, and a cache trusted for a second (sessions on PostgreSQL, a
   * reader's flags) held tens of thousands of dead answers in a long run.
   * Entries are kept in the order they were stored (`store` moves a key to
   * the end), so the expired ones are at the front and the walk stops at
   * the first live one.
   */
  private makeRoom(): void {
    const now = Date.now();
    for (const [text, oldest] of this.entries) {
      if (this.entries.size < this.bound.entries && !this.expired(oldest, now)) return;
      this.remove(text);
    }
  }

  private expired(entry: Entry<K, V>, now: number): boolean {
    return now - entry.at >= this.bound.ttlMs;
  }

  /**
   * With a bound in bytes: drops the oldest answers until the rest fit, after
   * an answer came or changed (those still coming weigh nothing yet). An
   * answer that came larger than the whole bound goes at once instead (its
   * readers have it already), rather than pushing out everything before it.
   */
  private shed(came?: string): void {
    const limit = this.bound.bytes;
    if (limit === undefined || this.weighed <= limit) return;
    if (came !== undefined && (this.entries.get(came)?.weight ?? 0) > limit) this.remove(came);
    for (const [text, entry] of this.entries) {
      if (this.weighed <= limit) return;
      if (entry.weight) this.remove(text);
    }
  }

  /** Records an entry's answer (which the entry is kept with), weighs it, and indexes what it shows (`mentions`). */
  private settle(text: string, entry: Entry<K, V>, settled: NonNullable<Entry<K, V>["settled"]>): void {
    entry.settled = settled;
    if (this.options.weigh) {
      this.weighed -= entry.weight ?? 0;
      entry.weight = this.options.weigh(settled.answer);
      this.weighed += entry.weight;
    }
    const { mentions } = this.options;
    if (!mentions) return;
    this.coming.delete(text);
    this.unindex(text, entry);
    entry.mentions = [...new Set(mentions(entry.key, settled.answer))];
    for (const thing of entry.mentions) {
      let texts = this.mentioned.get(thing);
      if (!texts) this.mentioned.set(thing, (texts = new Set()));
      texts.add(text);
    }
  }

  private unindex(text: string, entry: Entry<K, V>): void {
    for (const thing of entry.mentions ?? []) {
      const texts = this.mentioned.get(thing);
      texts?.delete(text);
      if (texts?.size === 0) this.mentioned.delete(thing);
    }
    entry.mentions = undefined;
  }

  /**
   * Brings answers up to date after a write that began at `began`
   * (writeBegins) instead of dropping them: `update(key, answer)` gives the
   * new answer, or undefined to drop it. Only answers complete before the
   * write began are handed over (they cannot have seen it); the others are
   * dropped. `whenever: true` hands over the answers completed while the
   * write ran too, for an update that keeps an answer only where the write
   * cannot show in it, seen or not (a busy site always has a save running,
   * and would otherwise rebuild every page it builds). `unaffected(key,
   * answer)` keeps an answer that is not handed over (read while the write
   * ran, or still being read) when the write cannot show in it, seen or not:
   * a page without the list a vote went to. For an answer still being read
   * it is asked when the answer comes; where it says no, everyone waiting
   * gets an answer read again after the write (on a busy site a write lands
   * during most reads, and dropping them all was most of the reading).
   * `mentioning` (a cache with `mentions`) names the one thing the write
   * changed: only the answers that show it, and those still coming, are
   * visited; the caller's `update` and `unaffected` must leave every other
   * answer as it is.
   */
  update(
    began: number,
    update: (key: K, answer: V) => V | undefined,
    {
      whenever = false,
      unaffected,
      mentioning,
    }: { whenever?: boolean; unaffected?: (key: K, answer: V) => boolean; mentioning?: string } = {},
  ): void {
    for (const [text, entry] of this.visited(mentioning)) {
      const usable = entry.settled && (whenever || entry.settled.at < began);
      if (!usable && unaffected) {
        if (!entry.settled && entry.load) {
          this.checkWhenItComes(text, entry, entry.load, unaffected);
          continue;
        }
        if (entry.settled && unaffected(entry.key, entry.settled.answer)) continue;
      }
      const answer = usable ? update(entry.key, entry.settled!.answer) : undefined;
      if (answer === undefined) {
        this.remove(text);
        continue;
      }
      if (answer === entry.settled!.answer) continue;
      this.settle(text, entry, { answer, at: entry.settled!.at });
      entry.value = Promise.resolve(answer);
    }
    this.shed();
  }

  /**
   * Brings every answer up to date with a write, those still coming as they
   * come, for answers that tell by themselves whether they show the write
   * (a count that carries the snapshot it was read in): `revise(key,
   * answer)` gives the answer as it is after the write. Nothing is dropped
   * or read again, however the read and the write crossed in time.
   */
  revise(revise: (key: K, answer: V) => V): void {
    for (const [text, entry] of this.entries) {
      if (!entry.settled) {
        (entry.revisions ??= []).push(revise);
        entry.value = entry.value.then((answer) => revise(entry.key, answer));
        continue;
      }
      const answer = revise(entry.key, entry.settled.answer);
      if (answer === entry.settled.answer) continue;
      this.settle(text, entry, { answer, at: entry.settled.at });
      entry.value = Promise.resolve(answer);
    }
    this.shed();
  }

  /** An answer as it came, with the revisions of the writes that came meanwhile. */
  private revised(entry: Entry<K, V>, answer: V): V {
    for (const revise of entry.revisions ?? []) answer = revise(entry.key, answer);
    entry.revisions = undefined;
    return answer;
  }

  /** The entries an update visits: all, or (`mentioning`) those that show the thing and those still coming. */
  private visited(mentioning: string | undefined): [string, Entry<K, V>][] {
    if (mentioning === undefined || !this.options.mentions) return [...this.entries];
    const texts = [...(this.mentioned.get(mentioning) ?? []), ...this.coming];
    return texts.map((text) => [text, this.entries.get(text)!] as [string, Entry<K, V>]);
  }

  /**
   * An answer still coming when a write came: whoever asks for it from now
   * on gets it if the write cannot show in it, and otherwise an answer read
   * after the write (kept in its place). Those who asked before the write
   * keep the promise they hold.
   */
  private checkWhenItComes(
    text: string,
    entry: Entry<K, V>,
    load: () => Promise<V>,
    unaffected: (key: K, answer: V) => boolean,
  ): void {
    entry.value = entry.value.then((answer) => {
      if (unaffected(entry.key, answer)) return answer;
      if (this.entries.get(text) === entry) this.remove(text);
      return this.get(entry.key, load);
    });
  }

  /** Drops the answers whose keys `which` picks (all without it). */
  drop(which?: (key: K) => boolean): void {
    if (!which) return this.clear();
    for (const [text, entry] of [...this.entries]) if (which(entry.key)) this.remove(text);
  }

  /** Drops every answer of one group (see `group`). */
  dropGroup(group: string): void {
    for (const text of [...(this.groups.get(group) ?? [])]) this.remove(text);
  }

  clear(): void {
    this.weighed = 0;
    this.entries.clear();
    this.groups.clear();
    this.mentioned.clear();
    this.coming.clear();
  }

  private remove(text: string): void {
    const entry = this.entries.get(text);
    if (!entry) return;
    this.entries.delete(text);
    this.weighed -= entry.weight ?? 0;
    this.coming.delete(text);
    this.unindex(text, entry);
    const group = entry.group;
    if (group === undefined) return;
    const texts = this.groups.get(group);
    texts?.delete(text);
    if (texts?.size === 0) this.groups.delete(group);
  }
}
