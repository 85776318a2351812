/**
 * PGlite's `query` parses, analyses and plans its SQL on every call, in six
 * round trips into the WebAssembly backend (parse, describe the statement,
 * bind, describe the portal, execute, sync). The app sends a few dozen
 * distinct statements, over and over: a list page's query spent half of its
 * time in planning. Here each distinct text becomes a named prepared
 * statement the first time it runs, and later runs send bind, execute and
 * sync in one message: the backend keeps the statement (and, for one that
 * finds rows by key, its plan: planModeFor) and the result is read against
 * the row description kept from the first run. On the benchmark's data a
 * list page's query fell from about 0.7 ms to 0.2 ms.
 *
 * The wrapper offers what drizzle's PGlite driver calls (`query`, `exec`,
 * `transaction`) and keeps PGlite's own locking: a query waits for a running
 * transaction, and one inside a transaction runs in it.
 */
import { type PGlite, type messages, parse, protocol } from "@electric-sql/pglite";
import type { QueryOptions, Results, Transaction } from "@electric-sql/pglite";
import type { StatementStats } from "./statement-stats.ts";
import { type Answer, AnswerBytes, readAnswer } from "./pglite-answer.ts";
import { runMessages } from "./pglite-run-messages.ts";

const { serialize } = protocol;

/** Statements kept at once; the least recently used is closed past this. */
export const MAX_PREPARED = 256;
/** PostgreSQL's answer when a table under a kept statement changed shape (here and in pg-named-statements.ts). */
export const CACHED_PLAN_CHANGED = "0A000";

type PlanMode = "auto" | "force_generic_plan";

/**
 * PostgreSQL plans a prepared statement anew for each run (a custom plan)
 * until it judges a generic plan no worse, and on our statements it rarely
 * does: an upvote's one statement spent a third of its time planning, and a
 * list page's query half. Statements that find rows by their keys get the
 * generic plan, planned once. Statements whose rows depend on a parameter
 * in a way only a custom plan can judge keep custom plans: a page (LIMIT or
 * OFFSET), a search (LIKE) and a count of lists. Their generic plans cannot
 * use the index that covers only public lists while `is_public` is a
 * parameter, and read far more rows (the mixed benchmark fell by a third
 * with every statement generic).
 */
export function planModeFor(text: string): PlanMode {
  return /\b(limit|offset) \$\d|\blike\b|count\(\*\) from "/i.test(text) ? "auto" : "force_generic_plan";
}

interface Prepared {
  name: string;
  plan: PlanMode;
  paramTypes: number[];
  /** The statement's result columns, read back with every result. */
  fields: Field[];
}

interface Field {
  name: string;
  dataTypeID: number;
}

type BackendMessages = Awaited<ReturnType<PGlite["execProtocol"]>>["messages"];

function resultFields(messages: BackendMessages): Field[] {
  for (const m of messages) {
    if (m.name === "rowDescription") {
      return (m as messages.RowDescriptionMessage).fields.map(({ name, dataTypeID }) => ({
        name,
        dataTypeID,
      }));
    }
  }
  return [];
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** What drizzle's PGlite driver uses of a client. */
export type PgliteQueryClient = Pick<PGlite, "query" | "exec" | "transaction">;

/** Statement names are the backend's, shared by every wrapper of one client. */
let named = 0;

export function withPreparedStatements(
  client: PGlite,
  maxPrepared = MAX_PREPARED,
  stats: StatementStats | null = null,
): PgliteQueryClient {
  const kept = new Map<string, Prepared>();
  // The backend's plan_cache_mode as last set here; null when unknown (a
  // transaction that set it may have rolled back, which undoes a SET).
  let planMode: PlanMode | null = null;

  // The protocol messages go in one call each: the backend reads a buffer of
  // messages up to its Sync, so an error leaves it ready for the next query.
  const send = (parts: Uint8Array[]) => client.execProtocol(concat(parts), { syncToFs: false });
  // A run's answer is read from its bytes (pglite-answer.ts), not by PGlite's reader.
  const sendForAnswer = async (messages: Uint8Array): Promise<Answer> => {
    const bytes = new AnswerBytes();
    await client.execProtocolRawStream(messages, { syncToFs: false, onRawData: bytes.add });
    return readAnswer(bytes.all);
  };

  async function prepare(text: string, options?: QueryOptions): Promise<Prepared> {
    const name = `sr_${++named}`;
    const { messages } = await send([
      serialize.parse({ name, text, types: options?.paramTypes }),
      serialize.describe({ type: "S", name }),
      serialize.sync(),
    ]);
    const statement = {
      name,
      plan: planModeFor(text),
      paramTypes: parse.parseDescribeStatementResults(messages),
      fields: resultFields(messages),
    };
    kept.set(text, statement);
    if (kept.size > maxPrepared) {
      const [oldestText, oldest] = kept.entries().next().value!;
      kept.delete(oldestText);
      await send([serialize.close({ type: "S", name: oldest.name }), serialize.sync()]);
    }
    return statement;
  }

  async function forget(text: string) {
    const statement = kept.get(text);
    if (!statement) return;
    kept.delete(text);
    await send([serialize.close({ type: "S", name: statement.name }), serialize.sync()]);
  }

  async function run<T>(
    text: string,
    params: unknown[],
    options: QueryOptions | undefined,
    inTransaction: boolean,
    retried = false,
  ): Promise<Results<T>> {
    let statement = kept.get(text);
    if (statement) {
      // Most recently used last: the first entry is the one to close.
      kept.delete(text);
      kept.set(text, statement);
    } else {
      statement = await prepare(text, options);
    }
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const type = statement.paramTypes[i]!;
      const serializer = options?.serializers?.[type] ?? client.serializers[type];
      return serializer ? serializer(value) : String(value);
    });
    try {
      // The mode is switched in the same message as the run it is for.
      const switchMode =
        statement.plan === planMode ? undefined : serialize.query(`SET plan_cache_mode TO ${statement.plan}`);
      planMode = statement.plan;
      const started = stats ? performance.now() : 0;
      const answer = await sendForAnswer(runMessages(statement.name, values, switchMode));
      stats?.record(text, performance.now() - started);
      if (!inTransaction) await client.syncToFs();
      return readResult<T>(statement.fields, answer, options);
    } catch (error) {
      if (!retried && (error as { code?: string }).code === CACHED_PLAN_CHANGED) {
        await forget(text);
        return run(text, params, options, inTransaction, true);
      }
      throw Object.assign(error as Error, { query: text, params, queryOptions: options });
    }
  }

  /**
   * The rows and counts of one statement's answer, as PGlite's own query
   * reads them, with the columns' parsers looked up once per answer (PGlite
   * copies its whole table of parsers for every query that brings its own).
   */
  function readResult<T>(fields: Field[], answer: Answer, options: QueryOptions | undefined): Results<T> {
    const parsers = fields.map((f) => options?.parsers?.[f.dataTypeID] ?? client.parsers[f.dataTypeID]);
    const asArray = options?.rowMode === "array";
    const rows: unknown[] = [];
    const result: Results<T> = { rows: rows as T[], fields, affectedRows: 0 };
    for (const values of answer.rows) {
      const row: Record<string, unknown> | unknown[] = asArray ? [] : {};
      for (let i = 0; i < values.length; i++) {
        const value = values[i];
        const parser = parsers[i];
        const parsed =
          value === null || value === undefined
            ? null
            : parser
              ? parser(value, fields[i]!.dataTypeID)
              : value;
        if (asArray) (row as unknown[]).push(parsed);
        else (row as Record<string, unknown>)[fields[i]!.name] = parsed;
      }
      rows.push(row);
    }
    if (answer.command !== null) {
      const words = answer.command.split(" ");
      const command = words[0]!;
      const count = parseInt(words[words.length - 1]!, 10);
      if (["INSERT", "UPDATE", "DELETE", "COPY", "MERGE"].includes(command)) result.affectedRows = count;
      if (!Number.isNaN(count)) (result as { rowCount?: number }).rowCount = count;
      (result as { command?: string }).command = command;
    }
    return result;
  }

  const exclusive = <T>(fn: () => Promise<T>) => client._runExclusiveQuery(fn);

  async function query<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    // COPY's blobs are PGlite's own business.
    if (options?.blob) return client.query<T>(text, params, options);
    await client._checkReady();
    return client._runExclusiveTransaction(() => exclusive(() => run<T>(text, params, options, false)));
  }

  function transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T> {
    return client.transaction(async (tx) => {
      const modeBefore = planMode;
      // PGlite's transaction object with its query replaced; its other
      // members (exec, rollback, the `closed` getter) stay PGlite's.
      const prepared: Transaction = Object.create(tx, {
        query: {
          value: <R>(text: string, params: unknown[] = [], options?: QueryOptions) => {
            if (tx.closed) throw new Error("Transaction is closed");
            if (options?.blob) return tx.query<R>(text, params, options);
            return exclusive(() => run<R>(text, params, options, true));
          },
        },
      });
      try {
        return await fn(prepared);
      } finally {
        // A SET inside the transaction is undone if it rolls back.
        if (planMode !== modeBefore) planMode = null;
      }
    });
  }

  return {
    query: query as PGlite["query"],
    exec: (text, options) => client.exec(text, options),
    transaction: transaction as PGlite["transaction"],
  };
}
