// The app as a child process for the tests that kill it and start it again (paid-crash, newsletter-crash):
// a free port, the server started on the test's data directory (and PostgreSQL database, when there is
// one) until it listens, stopped by a signal; the database read between runs; and a wait on a condition.
import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import path from "node:path";
import { openDatabase, type Database, type Db } from "../../server/db/client.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");

export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

export interface ServerChildOptions {
  port: number;
  dataDir: string;
  /** the PostgreSQL database the server uses; none: the PGlite directory under dataDir */
  postgres?: Database;
  /** more of the server's environment (LOG_LEVEL is "error" unless given) */
  env?: Record<string, string>;
  /** each whole line the server prints on its standard output */
  onLine?: (line: string) => void;
}

/** tests/support/server-process.ts on the test's data; resolves once it listens. */
export async function startServerChild(options: ServerChildOptions): Promise<ChildProcess> {
  const { port, postgres } = options;
  const child = spawn(process.execPath, ["tests/support/server-process.ts"], {
    cwd: ROOT,
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      NODE_ENV: "test",
      ...(postgres ? { DATABASE_URL: postgres.pool!.options.connectionString } : {}),
      DATA_DIR: options.dataDir,
      PORT: String(port),
      SEED_ON_EMPTY: "false",
      LOG_LEVEL: "error",
      ...options.env,
    },
  });
  let output = "";
  let partial = "";
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start in 90 s:\n${output}`)), 90_000);
    child.stdout!.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      if (options.onLine) {
        const lines = (partial + chunk.toString()).split("\n");
        partial = lines.pop()!;
        lines.forEach(options.onLine);
      }
      if (output.includes(`listening ${port}`)) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${code}) before listening:\n${output}`));
    });
  });
  return child;
}

export async function stopServerChild(child: ChildProcess, signal: NodeJS.Signals) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill(signal);
  await exited;
}

/** Runs `fn` on the database: PostgreSQL's, or the PGlite directory, opened while no server holds it. */
export async function withServerDatabase<T>(
  postgres: Database | undefined,
  dataDir: string,
  fn: (db: Db, database: Database) => Promise<T>,
): Promise<T> {
  if (postgres) return fn(postgres.db, postgres);
  const database = await openDatabase({ pgliteDir: path.join(dataDir, "pglite") });
  try {
    return await fn(database.db, database);
  } finally {
    await database.close();
  }
}

/** Polls `check` every 50 ms until it holds; fails, naming `what`, after `timeoutMs`. */
export async function until(what: string, check: () => Promise<boolean> | boolean, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`still waiting for ${what} after ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
