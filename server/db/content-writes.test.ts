// The guard of the content version (architecture "Caching"): public content is written only through
// writeContent (server/db/content-version.ts), so that no later change can forget to bump the version.
// Every source file under server/, app/ and scripts/ is parsed; an insert, update or delete on a
// public content table (or raw SQL writing one) must go through the `tx` a writeContent callback
// receives, or a parameter typed ContentTx. Tests and their fixtures (tests/) may write directly.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { getTableName, is } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { NOT_PUBLIC_CONTENT, PUBLIC_CONTENT_TABLES } from "./content-version.ts";
import * as schema from "./schema.ts";

const ROOTS = ["server", "app", "scripts"];
const WRITES = new Set(["insert", "update", "delete"]);

const contentTables = new Set<unknown>(PUBLIC_CONTENT_TABLES);
/** export name → SQL name of every public content table */
const CONTENT: ReadonlyMap<string, string> = new Map(
  Object.entries(schema)
    .filter(([, value]) => contentTables.has(value))
    .map(([name, table]) => [name, getTableName(table as PgTable)]),
);

/** Files that may import the schema: server/db/schema.ts and server/db/schema/*.ts. */
const SCHEMA_MODULE = /(^|\/)schema(\/[\w-]+)?(\.ts)?$/;

function sourceFiles(): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!["node_modules", "migrations", "+types"].includes(entry.name)) walk(file);
      } else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
        out.push(file);
      }
    }
  };
  for (const root of ROOTS) walk(root);
  return out;
}

/** Is `fn` the callback of a writeContent(db, fn) call? */
function isWriteContentCallback(fn: ts.Node): fn is ts.ArrowFunction | ts.FunctionExpression {
  if (!ts.isArrowFunction(fn) && !ts.isFunctionExpression(fn)) return false;
  const call = fn.parent;
  if (!call || !ts.isCallExpression(call) || !call.arguments.includes(fn as ts.Expression)) return false;
  const callee = call.expression;
  const name = ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : "";
  return name === "writeContent";
}

/** Names through which `node` may write content: the tx of enclosing writeContent callbacks and ContentTx parameters. */
function contentWriters(node: ts.Node): Set<string> {
  const names = new Set<string>();
  for (let n: ts.Node | undefined = node; n; n = n.parent) {
    if (!ts.isFunctionLike(n)) continue;
    n.parameters.forEach((param, i) => {
      if (!ts.isIdentifier(param.name)) return;
      const typed = param.type && ts.isTypeReferenceNode(param.type) && param.type.typeName.getText() === "ContentTx";
      if (typed || (i === 0 && isWriteContentCallback(n))) names.add(param.name.text);
    });
  }
  return names;
}

/** The content table an expression names (`courses`, an alias of it, `schema.courses`), or null. */
function tableOf(expr: ts.Expression, locals: Map<string, string>, namespaces: Set<string>): string | null {
  if (ts.isIdentifier(expr)) return locals.get(expr.text) ?? null;
  if (ts.isPropertyAccessExpression(expr) && ts.isIdentifier(expr.expression) && namespaces.has(expr.expression.text)) {
    return CONTENT.has(expr.name.text) ? expr.name.text : null;
  }
  return null;
}

function rawSqlWrite(text: string): string | null {
  for (const sqlName of CONTENT.values()) {
    const pattern = new RegExp(
      `\\b(insert\\s+into|update|delete\\s+from|truncate(\\s+table)?)\\s+"?${sqlName}"?\\b`,
      "i",
    );
    if (pattern.test(text)) return sqlName;
  }
  return null;
}

/** Every write to a public content table in `text` that bypasses writeContent, as "file:line: what". */
export function unguardedContentWrites(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const locals = new Map<string, string>(); // local name → export name
  const namespaces = new Set<string>();
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    if (!SCHEMA_MODULE.test(statement.moduleSpecifier.text)) continue;
    const bindings = statement.importClause?.namedBindings;
    if (bindings && ts.isNamespaceImport(bindings)) namespaces.add(bindings.name.text);
    if (bindings && ts.isNamedImports(bindings)) {
      for (const spec of bindings.elements) {
        const exported = (spec.propertyName ?? spec.name).text;
        if (CONTENT.has(exported)) locals.set(spec.name.text, exported);
      }
    }
  }
  const found: string[] = [];
  const report = (node: ts.Node, what: string) => {
    const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
    found.push(`${file}:${line}: ${what}`);
  };
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const method = node.expression.name.text;
      const table = node.arguments[0] && tableOf(node.arguments[0], locals, namespaces);
      if (WRITES.has(method) && table) {
        const receiver = node.expression.expression;
        const writers = contentWriters(node);
        if (!ts.isIdentifier(receiver) || !writers.has(receiver.text)) {
          report(node, `${receiver.getText()}.${method}(${table}) is not the tx of a writeContent callback`);
        }
      }
    }
    // sql`…` templates and sql.raw("…"): SQL text, unlike a message that happens to say "update courses"
    const rawSql =
      (ts.isTaggedTemplateExpression(node) && node.tag.getText() === "sql") ||
      (ts.isCallExpression(node) && node.expression.getText() === "sql.raw");
    if (rawSql) {
      const table = rawSqlWrite(node.getText());
      if (table && contentWriters(node).size === 0) {
        report(node, `raw SQL writes "${table}" outside a writeContent callback`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe("public content is written only through writeContent", () => {
  it("holds for every source file under server/, app/ and scripts/", () => {
    const found = sourceFiles().flatMap((file) => unguardedContentWrites(file, readFileSync(file, "utf8")));
    expect(
      found,
      "Write public content through writeContent(db, async (tx) => …) from server/db/content-version.ts, " +
        'so that the content version moves in the same transaction (architecture "Caching"):\n' +
        found.join("\n"),
    ).toEqual([]);
  });

  it("knows every table: public content, or not with a reason", () => {
    const tables: PgTable[] = Object.values(schema as Record<string, unknown>).filter((value) => is(value, PgTable));
    const content = new Set<string>(PUBLIC_CONTENT_TABLES.map((table) => getTableName(table)));
    const unclassified = tables
      .map((table) => getTableName(table))
      .filter((name) => !content.has(name) && !(name in NOT_PUBLIC_CONTENT));
    expect(
      unclassified,
      "Add each new table to PUBLIC_CONTENT_TABLES or NOT_PUBLIC_CONTENT in server/db/content-version.ts",
    ).toEqual([]);
    expect([...content].filter((name) => name in NOT_PUBLIC_CONTENT)).toEqual([]);
    expect(CONTENT.size).toBe(PUBLIC_CONTENT_TABLES.length);
  });
});

describe("the guard itself", () => {
  const check = (body: string) =>
    unguardedContentWrites(
      "server/features/demo/demo.service.ts",
      `import { courses, faqs as questions, contacts } from "../../db/schema.ts";\n` +
        `import * as s from "../../db/schema.ts";\n` +
        `import { writeContent, type ContentTx } from "../../db/content-version.ts";\n${body}`,
    );

  it("reports a direct write, naming the file and line", () => {
    expect(check(`export const add = (db) => db.insert(courses).values({});`)).toEqual([
      "server/features/demo/demo.service.ts:4: db.insert(courses) is not the tx of a writeContent callback",
    ]);
  });

  it("sees through aliases, namespace imports and raw SQL", () => {
    expect(check(`db.delete(questions);`)).toHaveLength(1);
    expect(check(`db.update(s.hero).set({});`)).toHaveLength(1);
    expect(check('db.execute(sql.raw("truncate table hero"));')).toHaveLength(1);
    expect(check("db.execute(sql`update courses set title = ${t}`);")).toEqual([
      'server/features/demo/demo.service.ts:4: raw SQL writes "courses" outside a writeContent callback',
    ]);
  });

  it("reports the outer db used inside a writeContent callback (outside its transaction)", () => {
    expect(check(`await writeContent(db, async (tx) => { await db.insert(courses).values({}); });`)).toHaveLength(1);
  });

  it("accepts the callback's tx, a ContentTx parameter, and tables that are not content", () => {
    expect(check(`await writeContent(db, async (tx) => { await tx.insert(courses).values({}); });`)).toEqual([]);
    expect(check(`await writeContent(db, (t) => t.delete(questions));`)).toEqual([]);
    expect(check(`async function replace(tx: ContentTx) { await tx.delete(s.hero); }`)).toEqual([]);
    expect(check(`db.insert(contacts).values({}); db.select().from(courses);`)).toEqual([]);
    expect(check(`throw new Error("Could not update courses");`)).toEqual([]);
    expect(check("await writeContent(db, (tx) => tx.execute(sql`delete from faqs`));")).toEqual([]);
  });
});
