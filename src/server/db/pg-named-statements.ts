/**
 * On PostgreSQL, drizzle sends every statement unnamed: the server parses,
 * analyses and plans its text on every run. Under the mixed benchmark the
 * database's processes spent more CPU a request than the server itself
 * (docs/performance.md, "A slower machine; answers read in place, ...").
 * Here a text seen a second time gets a name, and node-postgres then parses
 * it once per connection and sends only bind and execute after; the server
 * keeps the parsed statement, and its plan as planModeFor decides, as on
 * PGlite (keepGenericPlans below).
 *
 * A text's first run stays unnamed, so one-off statements (migrations, an
 * operator's tool) are never kept, and at most MAX_NAMED texts are named per
 * process, which bounds what each connection holds on the server. A pooler
 * between the server and PostgreSQL must keep each client's prepared
 * statements (PgBouncer in transaction mode does from 1.21, with
 * `max_prepared_statements` set).
 */
import type pg from "pg";
import { CACHED_PLAN_CHANGED, planModeFor } from "./pglite-statements.ts";

export const MAX_NAMED = 200;
/** Longer texts (many rows of VALUES) vary with their row count and are not worth remembering. */
const MAX_NAMED_LENGTH = 8_000;

/** The names given to texts, shared by every connection of a process (one name, one text). */
export class StatementNames {
  private readonly seen = new Set<string>();
  private readonly names = new Map<string, string>();

  constructor(private readonly max = MAX_NAMED) {}

  /** The text's name, or undefined while it has been seen once or the names are used up. */
  nameOf(text: string): string | undefined {
    const named = this.names.get(text);
    if (named !== undefined || this.names.size >= this.max || text.length > MAX_NAMED_LENGTH) return named;
    if (!this.seen.has(text)) {
      // Texts seen once are remembered up to the same bound.
      if (this.seen.size < this.max * 4) this.seen.add(text);
      return undefined;
    }
    this.seen.delete(text);
    const name = `sr_${this.names.size + 1}`;
    this.names.set(text, name);
    return name;
  }
}

interface QueryConfig {
  text?: unknown;
  name?: unknown;
  submit?: unknown;
}
type Callback = (error: Error | null, result?: unknown) => void;
type Query = (...args: unknown[]) => unknown;
/** node-postgres keeps the names a connection has prepared here (not in its typings). */
type WithConnection = { connection?: { parsedStatements?: Record<string, string> } };

/**
 * Names repeated statements on this client. A statement whose table changed
 * shape (a migration by a newer process) is dropped on this connection and
 * run again once.
 */
export function nameRepeatedStatements(client: pg.ClientBase, names: StatementNames): void {
  const query = client.query.bind(client) as Query;
  // Inside a transaction the error aborted, DEALLOCATE fails too: the name
  // stays known as prepared, and its next run outside one drops it.
  const forget = async (name: string): Promise<boolean> => {
    try {
      await (query(`DEALLOCATE ${name}`) as Promise<unknown>);
    } catch {
      return false;
    }
    delete (client as WithConnection).connection?.parsedStatements?.[name];
    return true;
  };
  const run = async (config: QueryConfig, values: unknown): Promise<unknown> => {
    try {
      return await (query(config, values) as Promise<unknown>);
    } catch (error) {
      if ((error as { code?: string }).code !== CACHED_PLAN_CHANGED) throw error;
      if (!(await forget(config.name as string))) throw error;
      return query(config, values);
    }
  };
  (client as unknown as { query: Query }).query = (...args: unknown[]) => {
    const config = args[0] as QueryConfig | string | undefined;
    // Only drizzle's statements (a config with text and no name; not a Query or cursor object).
    if (
      !config ||
      typeof config !== "object" ||
      typeof config.text !== "string" ||
      config.name ||
      config.submit
    )
      return query(...args);
    const name = names.nameOf(config.text);
    if (!name) return query(...args);
    const named = { ...config, name };
    const callback = args.find((a) => typeof a === "function") as Callback | undefined;
    const values = typeof args[1] === "function" ? undefined : args[1];
    const answer = run(named, values);
    if (!callback) return answer;
    answer.then(
      (result) => callback(null, result),
      (error: Error) => callback(error),
    );
    return undefined;
  };
}

const GENERIC_PLANS = "SET plan_cache_mode TO force_generic_plan";
const PLANS_AS_POSTGRESQL_JUDGES = "SET plan_cache_mode TO auto";

/**
 * Plans each statement once, unless it needs a plan made for its values, as
 * on PGlite (planModeFor, db/pglite-statements.ts). Left to judge,
 * PostgreSQL kept planning some of our hottest statements anew on every
 * run: a batch of list pages (its `unnest` of parameters looks costlier
 * planned once) took 0.66 ms a run with a new plan each time and 0.34 ms
 * with its generic plan, a batch of sessions by token 0.11 and 0.08 ms
 * (docs/performance.md, "Generic plans on PostgreSQL too").
 *
 * The connection is set to `force_generic_plan` before its first statement,
 * and a statement that needs custom plans (a page, a search, a count: a few
 * in a hundred) runs between a SET to `auto` and a SET back. Each SET is a
 * statement of its own or part of the caller's transaction, so the
 * connection is back to generic plans afterwards either way: a transaction
 * that fails after the first SET rolls it back. Each waits for the one
 * before (node-postgres deprecates queueing queries on a client), and the
 * caller hears of its statement once the connection is back, so a pool
 * hands the connection on only then.
 */
export function keepGenericPlans(client: pg.ClientBase): void {
  const query = client.query.bind(client) as Query;
  const quietly = (text: string) => (query(text) as Promise<unknown>).catch(() => {});
  let generic = false;
  const run = async (args: unknown[], needsOwnPlans: boolean): Promise<unknown> => {
    if (!generic) {
      // A server that refuses it (before PostgreSQL 12) keeps its own judgement.
      await quietly(GENERIC_PLANS);
      generic = true;
    }
    if (!needsOwnPlans) return query(...args);
    await quietly(PLANS_AS_POSTGRESQL_JUDGES);
    try {
      return await (query(...args) as Promise<unknown>);
    } finally {
      await quietly(GENERIC_PLANS);
    }
  };
  (client as unknown as { query: Query }).query = (...args: unknown[]) => {
    const config = args[0] as QueryConfig | string | undefined;
    const text = typeof config === "string" ? config : config?.submit ? undefined : config?.text;
    if (typeof text !== "string") return query(...args);
    const needsOwnPlans = planModeFor(text) === "auto";
    if (generic && !needsOwnPlans) return query(...args);
    const callback = args.find((a) => typeof a === "function") as Callback | undefined;
    const answer = run(
      args.filter((a) => typeof a !== "function"),
      needsOwnPlans,
    );
    if (!callback) return answer;
    answer.then(
      (result) => callback(null, result),
      (error: Error) => callback(error),
    );
    return undefined;
  };
}
