// Named, prepared statements for Drizzle on PGlite (decision 046). PGlite's `query()` sends each call as
// an unnamed statement in six protocol round trips into the WASM module (Parse, Describe, Bind,
// Describe, Execute, Sync), so every call is parsed and planned again; planning alone was most of a blog
// read (decision 043), and each planning asks the file system for every relation's size. This client
// keeps each statement text prepared once under a name (a bounded, least-recently-used set) and runs
// a call as Bind, Execute and Sync in one round trip.
//
// Plans: PGlite starts with `plan_cache_mode = force_custom_plan` (PGLITE_SETTINGS), so a statement with
// parameters is still planned for its values on every call, exactly as an unnamed one was (no generic
// plan built from default estimates, as the category filter's was: decision 043). A statement without
// parameters has one plan, kept until its tables change or are analysed: the hot reads write their
// validated numbers and known names into the text to get it (blog.service.ts).
//
// Safety: a call runs under PGlite's transaction lock and then its query lock, as PGlite's own
// `describeQuery` does, so it never runs between two statements of an open transaction. Transactions
// themselves pass through to PGlite unchanged.
import { parse, protocol, type PGlite } from "@electric-sql/pglite";

/** How many statement texts stay prepared (each holds its parse tree and plan in PGlite's memory). */
export const PREPARED_STATEMENTS_MAX = 128;

/** Query options as Drizzle passes them to PGlite's `query()`. */
interface QueryOptions {
  rowMode?: "array" | "object";
  parsers?: Record<number, (value: string, typeId: number) => unknown>;
  serializers?: Record<number, (value: unknown) => string>;
}

interface Field {
  name: string;
  dataTypeID: number;
}

interface Statement {
  name: string;
  paramTypes: number[];
  /** the result's columns (empty for a statement without rows) */
  fields: Field[];
}

export interface QueryResult {
  rows: unknown[];
  fields: Field[];
  affectedRows: number;
  command?: string;
  rowCount?: number;
}

interface BackendMessage {
  name: string;
  fields?: unknown[];
  text?: string;
}

/** SQLSTATEs after which a prepared statement is dropped and the call made once more, prepared afresh. */
const STALE_STATEMENT = new Set([
  "26000", // invalid_sql_statement_name: the statement is gone (a DEALLOCATE ALL, a DISCARD ALL)
  "0A000", // feature_not_supported: "cached plan must not change result type" after a schema change
]);

function concat(parts: Uint8Array[]): Uint8Array {
  let length = 0;
  for (const part of parts) length += part.length;
  const out = new Uint8Array(length);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** Each wrapper names its statements apart, so two on one PGlite never take the same name. */
let wrappers = 0;

/**
 * The PGlite client Drizzle is given: `query()` through named statements, everything else PGlite's
 * own. Falls back to PGlite itself when this PGlite lacks the locks it relies on.
 */
export function preparedPglite(pg: PGlite, options: { maxStatements?: number } = {}): PGlite {
  if (typeof pg._runExclusiveTransaction !== "function" || typeof pg._runExclusiveQuery !== "function") return pg;
  const max = options.maxStatements ?? PREPARED_STATEMENTS_MAX;
  /** statement text → statement, least recently used first */
  const statements = new Map<string, Statement>();
  /** Close messages of evicted statements, sent with the next call */
  let closes: Uint8Array[] = [];
  let counter = 0;
  const prefix = `drz${++wrappers}_`;

  function takeCloses(): Uint8Array[] {
    const out = closes;
    closes = [];
    return out;
  }

  async function prepare(text: string): Promise<Statement> {
    const name = `${prefix}${++counter}`;
    const { messages } = await pg.execProtocol(
      concat([
        ...takeCloses(),
        protocol.serialize.parse({ name, text }),
        protocol.serialize.describe({ type: "S", name }),
        protocol.serialize.sync(),
      ]),
      { syncToFs: false },
    );
    const description = (messages as BackendMessage[]).find((m) => m.name === "rowDescription");
    const fields = ((description?.fields ?? []) as Field[]).map((f) => ({ name: f.name, dataTypeID: f.dataTypeID }));
    const statement = { name, paramTypes: parse.parseDescribeStatementResults(messages), fields };
    statements.set(text, statement);
    // the least recently used is the first in the map
    if (statements.size > max) forget(statements.keys().next().value as string);
    return statement;
  }

  /** Drops a text's statement; its Close goes out with the next call. */
  function forget(text: string): void {
    const statement = statements.get(text);
    if (!statement) return;
    statements.delete(text);
    closes.push(protocol.serialize.close({ type: "S", name: statement.name }));
  }

  async function run(text: string, params: unknown[], queryOptions: QueryOptions | undefined): Promise<QueryResult> {
    let statement = statements.get(text);
    if (statement) {
      // most recently used last
      statements.delete(text);
      statements.set(text, statement);
    } else {
      statement = await prepare(text);
    }
    const { paramTypes } = statement;
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const type = paramTypes[i] ?? 0;
      const serializer = queryOptions?.serializers?.[type] ?? pg.serializers[type];
      return serializer ? serializer(value) : String(value);
    });
    const { messages } = await pg.execProtocol(
      concat([
        ...takeCloses(),
        protocol.serialize.bind({ statement: statement.name, values }),
        protocol.serialize.execute({}),
        protocol.serialize.sync(),
      ]),
      { syncToFs: false },
    );
    return toResult(messages as BackendMessage[], statement.fields, queryOptions);
  }

  function toResult(messages: BackendMessage[], fields: Field[], queryOptions: QueryOptions | undefined): QueryResult {
    // each column's parser looked up once per call, not once per value (PGlite's own parseResults
    // copies its whole table of parsers on every call that brings parsers of its own, as Drizzle's do)
    const columns = fields.map((f) => ({
      name: f.name,
      type: f.dataTypeID,
      parser: queryOptions?.parsers?.[f.dataTypeID] ?? pg.parsers[f.dataTypeID],
    }));
    const asArray = queryOptions?.rowMode === "array";
    const rows: unknown[] = [];
    for (const message of messages) {
      if (message.name === "dataRow") {
        const cells = (message.fields ?? []) as Array<string | null>;
        const values = columns.map(({ type, parser }, i) => {
          const cell = cells[i] ?? null;
          return cell === null ? null : parser ? parser(cell, type) : cell;
        });
        rows.push(asArray ? values : Object.fromEntries(columns.map(({ name }, i) => [name, values[i]])));
      } else if (message.name === "commandComplete") {
        const words = (message.text ?? "").split(" ");
        const command = words[0] ?? "";
        const count = Number.parseInt(words[words.length - 1] ?? "", 10);
        const affectedRows = ["INSERT", "UPDATE", "DELETE", "COPY", "MERGE"].includes(command) ? count : 0;
        return { rows, fields, command, affectedRows, ...(Number.isNaN(count) ? {} : { rowCount: count }) };
      }
    }
    return { rows, fields, affectedRows: 0 };
  }

  async function query(text: string, params: unknown[] = [], queryOptions?: QueryOptions): Promise<QueryResult> {
    await pg._checkReady();
    return pg._runExclusiveTransaction(() =>
      pg._runExclusiveQuery(async () => {
        try {
          return await run(text, params, queryOptions);
        } catch (error) {
          const code = (error as { code?: unknown }).code;
          if (typeof code !== "string" || !STALE_STATEMENT.has(code) || !statements.has(text)) throw error;
          forget(text);
          return await run(text, params, queryOptions);
        } finally {
          await pg.syncToFs();
        }
      }),
    );
  }

  return new Proxy(pg, {
    get(target, property, receiver) {
      if (property === "query") return query;
      const value: unknown = Reflect.get(target, property, receiver);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
