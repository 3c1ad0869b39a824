import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DataDirLockedError, lockDataDir } from "./lock.ts";

let dir: string;
const children: ChildProcess[] = [];

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "academy-lock-"));
});
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill();
  rmSync(dir, { recursive: true, force: true });
});

const lockFile = () => path.join(dir, "server.lock");
const holder = () => JSON.parse(readFileSync(lockFile(), "utf8")) as { pid: number; host: string; since: string };

/** Another process, alive until killed: the "other server" holding the lock. */
async function startOther(): Promise<ChildProcess & { pid: number }> {
  const child = spawn(process.execPath, ["-e", "setTimeout(() => {}, 10000)"], { stdio: "ignore" });
  children.push(child);
  await new Promise((resolve, reject) => child.once("spawn", resolve).once("error", reject));
  return child as ChildProcess & { pid: number };
}

describe("lockDataDir", () => {
  it("writes a lock file with this process's pid, and release removes it", () => {
    const release = lockDataDir(dir);
    expect(holder()).toMatchObject({ pid: process.pid, host: hostname() });
    release();
    expect(existsSync(lockFile())).toBe(false);
    release(); // twice is harmless
    expect(existsSync(lockFile())).toBe(false);
  });

  it("creates the directory when it does not exist", () => {
    const nested = path.join(dir, "a", "b");
    const release = lockDataDir(nested);
    expect(existsSync(path.join(nested, "server.lock"))).toBe(true);
    release();
  });

  it("refuses while another live process holds the lock, naming its pid", async () => {
    const other = await startOther();
    writeFileSync(lockFile(), JSON.stringify({ pid: other.pid, host: hostname(), since: new Date().toISOString() }));
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir)).toThrow(new RegExp(`process ${other.pid}\\b`));
    expect(holder().pid).toBe(other.pid); // the holder's lock is left alone
  });

  it("takes over the stale lock of a process that has exited", async () => {
    const other = await startOther();
    const exited = new Promise((resolve) => other.once("exit", resolve));
    other.kill();
    await exited;
    writeFileSync(lockFile(), JSON.stringify({ pid: other.pid, host: hostname(), since: new Date().toISOString() }));
    const release = lockDataDir(dir);
    expect(holder().pid).toBe(process.pid);
    release();
    expect(existsSync(lockFile())).toBe(false);
  });

  it("takes over an unreadable lock file (a crash while writing it)", () => {
    writeFileSync(lockFile(), "{not json");
    const release = lockDataDir(dir);
    expect(holder().pid).toBe(process.pid);
    release();
  });

  it("after release, another server can take the lock, and then keeps this one out", async () => {
    const release = lockDataDir(dir);
    release();
    const other = await startOther();
    writeFileSync(lockFile(), JSON.stringify({ pid: other.pid, host: hostname() }));
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
  });
});

describe("lockDataDir within one process", () => {
  it("refuses a second lock of a directory this process already holds, and allows it after release", () => {
    const release = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrow(/already open in this process/);
    release();
    const again = lockDataDir(dir);
    again();
  });
});
