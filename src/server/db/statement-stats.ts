import { writeFileSync } from "node:fs";

/** One distinct statement's share of the database's time. */
export interface StatementCost {
  /** The SQL text, whitespace folded. */
  text: string;
  count: number;
  /** Milliseconds between sending the statement and having its answer, summed. */
  totalMs: number;
}

/**
 * Where the database's time goes, statement by statement: an opt-in
 * measurement (`DB_STATEMENT_STATS=<file>`, written when the server stops;
 * `npm run bench` sets it with `BENCH_STATEMENT_STATS`). On PGlite the time
 * is the main thread's own (its backend runs there), counted from the
 * protocol message to its answer, so a statement waiting for the database
 * is not charged for the wait; on PostgreSQL it is the wait of the
 * connection for its answer, the server's work and the round trip.
 */
export class StatementStats {
  private readonly byText = new Map<string, { count: number; totalMs: number }>();

  record(text: string, ms: number): void {
    const seen = this.byText.get(text);
    if (seen) {
      seen.count++;
      seen.totalMs += ms;
    } else this.byText.set(text, { count: 1, totalMs: ms });
  }

  /** Every statement seen, the costliest first. */
  costs(): StatementCost[] {
    return [...this.byText]
      .map(([text, { count, totalMs }]) => ({ text: text.replace(/\s+/g, " ").trim(), count, totalMs }))
      .sort((a, b) => b.totalMs - a.totalMs);
  }

  writeTo(file: string): void {
    writeFileSync(file, `${JSON.stringify(this.costs(), null, 1)}\n`);
  }
}

/** A pg client's `query`, timed, in both its forms (a promise, or a callback as the pool calls it). */
export function timeQueries(client: { query: (...args: never[]) => unknown }, stats: StatementStats): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    const first = args[0] as string | { text?: string } | undefined;
    const text = typeof first === "string" ? first : first?.text;
    if (!text) return query(...args);
    const started = performance.now();
    const done = () => stats.record(text, performance.now() - started);
    const last = args.length - 1;
    const callback = args[last];
    if (typeof callback === "function") {
      args[last] = (...answer: unknown[]) => {
        done();
        return (callback as (...a: unknown[]) => unknown)(...answer);
      };
      return query(...args);
    }
    const answer = query(...args);
    if (answer instanceof Promise) void answer.then(done, () => {});
    return answer;
  };
}
