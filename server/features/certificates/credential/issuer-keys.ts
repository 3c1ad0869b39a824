// The certificates' signing keys (issue 32): an Ed25519 key ring in `<dataDir>/keys/certificate-issuer.json`
// (directory 0700, file 0600), made on the first start, or one key given in CERTIFICATE_SIGNING_KEY (then
// nothing is written: a deployment that keeps its secrets out of the disk). The newest key signs; the
// older ones stay in the ring, public part only in use, so that a certificate signed before a rotation
// still verifies against the DID document. The ring stores keys and their dates only: a key's id is made
// from the site's DID at use time (did.ts).
//
// The secret keys live in this module's closures: IssuerKeys hands out a signer and the public keys, and
// its JSON and inspect forms show public keys only, so a logged or serialised IssuerKeys leaks nothing.
import { randomUUID } from "node:crypto";
import { chmod, link, mkdir, open, readFile, rename, stat, unlink } from "node:fs/promises";
import path from "node:path";
import { inspect } from "node:util";
import * as Ed25519Multikey from "@digitalbazaar/ed25519-multikey";
import type { Ed25519KeyPair, Ed25519Signer } from "@digitalbazaar/ed25519-multikey";
import type { Logger } from "../../../lib/logger.ts";

/** Where the ring is kept, under the data directory. */
export const KEY_RING_FILE = path.join("keys", "certificate-issuer.json");
export const SIGNING_KEY_ENV = "CERTIFICATE_SIGNING_KEY";

const DIR_MODE = 0o700;
const FILE_MODE = 0o600;

/** One key as the ring file stores it. */
interface StoredKey {
  publicKeyMultibase: string;
  secretKeyMultibase: string;
  createdAt: string;
}

interface RingFile {
  version: 1;
  /** oldest first: the last one signs */
  keys: StoredKey[];
}

export interface PublicIssuerKey {
  /** `<did>#<publicKeyMultibase>` */
  id: string;
  publicKeyMultibase: string;
  /** when the key was made (null: a key given in the environment) */
  createdAt: string | null;
}

export interface IssuerSigner extends Ed25519Signer {
  id: string;
}

export interface IssuerKeys {
  /** the signing key's public part */
  readonly currentPublicKeyMultibase: string;
  /** the signing key's signer, its id under `did` (what a proof's verificationMethod names) */
  signer(did: string): IssuerSigner;
  /** every key of the ring, oldest first, the signing key last */
  publicKeys(did: string): PublicIssuerKey[];
  /** public parts only */
  toJSON(): { current: string; keys: { publicKeyMultibase: string; createdAt: string | null }[] };
}

/** A key's id under a DID: its public key, so the id never changes with the key's place in the ring. */
export const keyIdOf = (did: string, publicKeyMultibase: string) => `${did}#${publicKeyMultibase}`;

const MULTIBASE = /^z[1-9A-HJ-NP-Za-km-z]{40,120}$/;

/**
 * An Ed25519 key pair from its multibase parts, checked: well-formed, an Ed25519 public key (it exports
 * back to the same string) and a secret key that signs for it. Errors name `what` and never the values.
 */
async function importKeyPair(value: unknown, what: string): Promise<Ed25519KeyPair> {
  if (!value || typeof value !== "object" || Array.isArray(value)) {
    throw new Error(`${what} must be an object with publicKeyMultibase and secretKeyMultibase`);
  }
  const { publicKeyMultibase, secretKeyMultibase } = value as Record<string, unknown>;
  if (typeof publicKeyMultibase !== "string" || !MULTIBASE.test(publicKeyMultibase)) {
    throw new Error(`${what}: publicKeyMultibase is not a base58btc multibase string`);
  }
  if (typeof secretKeyMultibase !== "string" || !MULTIBASE.test(secretKeyMultibase)) {
    throw new Error(`${what}: secretKeyMultibase is missing or not a base58btc multibase string`);
  }
  let pair: Ed25519KeyPair;
  try {
    pair = await Ed25519Multikey.from({ type: "Multikey", publicKeyMultibase, secretKeyMultibase });
    const exported = await pair.export({ publicKey: true, includeContext: false });
    if (exported.publicKeyMultibase !== publicKeyMultibase || pair.publicKey.length !== 32) throw new Error();
  } catch {
    throw new Error(`${what}: publicKeyMultibase is not an Ed25519 public key`);
  }
  let matches = false;
  try {
    const data = new TextEncoder().encode("certificate signing key check");
    const signature = await pair.signer().sign({ data });
    matches = await pair.verifier().verify({ data, signature });
  } catch {
    // a secret key of the wrong size or kind: reported below
  }
  if (!matches) throw new Error(`${what}: secretKeyMultibase is not the secret key of publicKeyMultibase`);
  return pair;
}

function makeIssuerKeys(ring: { publicKeyMultibase: string; createdAt: string | null }[], current: Ed25519KeyPair) {
  const keys = ring.map(({ publicKeyMultibase, createdAt }) => ({ publicKeyMultibase, createdAt }));
  const base = current.signer();
  const currentPublicKeyMultibase = current.publicKeyMultibase;
  const toJSON = () => ({ current: currentPublicKeyMultibase, keys: keys.map((key) => ({ ...key })) });
  const issuerKeys: IssuerKeys = {
    currentPublicKeyMultibase,
    signer: (did) => ({
      algorithm: base.algorithm,
      id: keyIdOf(did, currentPublicKeyMultibase),
      sign: (options) => base.sign(options),
    }),
    publicKeys: (did) => keys.map((key) => ({ id: keyIdOf(did, key.publicKeyMultibase), ...key })),
    toJSON,
  };
  Object.defineProperty(issuerKeys, inspect.custom, { value: () => ({ IssuerKeys: toJSON() }) });
  return Object.freeze(issuerKeys);
}

const ringPath = (dataDir: string) => path.join(dataDir, KEY_RING_FILE);

const isCode = (error: unknown, code: string) => (error as NodeJS.ErrnoException | null)?.code === code;

/** The ring file's keys, checked; null when there is no file. */
async function readRing(file: string, logger?: Logger): Promise<{ ring: RingFile; pairs: Ed25519KeyPair[] } | null> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    if (isCode(error, "ENOENT")) return null;
    throw error;
  }
  const mode = (await stat(file)).mode & 0o777;
  if (mode & 0o077) logger?.warn("certificate key ring is readable by others", { file, mode: mode.toString(8) });
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    // (JSON.parse's message quotes the text: the secrets)
    throw new Error(`${file} is not valid JSON`);
  }
  const keys = (parsed as Partial<RingFile> | null)?.keys;
  if ((parsed as Partial<RingFile> | null)?.version !== 1 || !Array.isArray(keys) || keys.length === 0) {
    throw new Error(`${file} is not a certificate key ring (version 1 with at least one key)`);
  }
  const pairs: Ed25519KeyPair[] = [];
  for (const [i, key] of keys.entries()) {
    pairs.push(await importKeyPair(key, `${file}, key ${i + 1}`));
    if (typeof key.createdAt !== "string") throw new Error(`${file}, key ${i + 1}: createdAt is missing`);
  }
  return { ring: { version: 1, keys }, pairs };
}

async function newStoredKey(): Promise<StoredKey> {
  const pair = await Ed25519Multikey.generate();
  const { publicKeyMultibase, secretKeyMultibase } = await pair.export({
    publicKey: true,
    secretKey: true,
    includeContext: false,
  });
  if (!publicKeyMultibase || !secretKeyMultibase) throw new Error("Ed25519Multikey exported no key");
  return { publicKeyMultibase, secretKeyMultibase, createdAt: new Date().toISOString() };
}

/** The ring written to a new file of its own (mode 0600, flushed): a temporary name next to `file`. */
async function writeTemp(file: string, ring: RingFile): Promise<string> {
  await mkdir(path.dirname(file), { recursive: true, mode: DIR_MODE });
  await chmod(path.dirname(file), DIR_MODE);
  const temp = `${file}.${process.pid}.${randomUUID()}.tmp`;
  const handle = await open(temp, "wx", FILE_MODE);
  try {
    await handle.writeFile(JSON.stringify(ring, null, 2) + "\n");
    await handle.sync();
  } finally {
    await handle.close();
  }
  return temp;
}

/**
 * The first ring: written whole under a temporary name, then linked to its place, which fails if the
 * file exists. Two processes starting at once both try; one link wins, and the other reads the winner's
 * complete file (an `open(…, "wx")` of the file itself would let it read a half-written one).
 */
async function createRing(file: string, logger?: Logger): Promise<{ ring: RingFile; pairs: Ed25519KeyPair[] }> {
  const ring: RingFile = { version: 1, keys: [await newStoredKey()] };
  const temp = await writeTemp(file, ring);
  try {
    await link(temp, file);
  } catch (error) {
    if (!isCode(error, "EEXIST")) throw error;
    const existing = await readRing(file, logger);
    if (existing) return existing;
    throw error;
  } finally {
    await unlink(temp);
  }
  logger?.info("certificate signing key made", { file, publicKeyMultibase: ring.keys[0]!.publicKeyMultibase });
  return { ring, pairs: [await importKeyPair(ring.keys[0], "the new key")] };
}

/** The signing key given in the environment: `{ publicKeyMultibase, secretKeyMultibase }` as JSON. */
async function envKeyPair(envKey: string): Promise<Ed25519KeyPair> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(envKey);
  } catch {
    throw new Error(`${SIGNING_KEY_ENV} is not JSON: it takes {"publicKeyMultibase":…,"secretKeyMultibase":…}`);
  }
  return importKeyPair(parsed, SIGNING_KEY_ENV);
}

export interface LoadIssuerKeysOptions {
  /** the data directory (the ring is in its keys/ directory) */
  dataDir: string;
  /** CERTIFICATE_SIGNING_KEY's value, when set: the signing key, and the file is not written */
  envKey?: string;
  logger?: Logger;
}

export async function loadIssuerKeys({ dataDir, envKey, logger }: LoadIssuerKeysOptions): Promise<IssuerKeys> {
  const file = ringPath(dataDir);
  if (envKey !== undefined && envKey.trim() !== "") {
    const pair = await envKeyPair(envKey);
    // a ring on the disk (an earlier deployment's) still verifies the certificates it signed
    const stored = await readRing(file, logger).catch((error: unknown) => {
      logger?.warn("certificate key ring not read: the environment's key signs alone", { error });
      return null;
    });
    const older = (stored?.ring.keys ?? []).filter((key) => key.publicKeyMultibase !== pair.publicKeyMultibase);
    return makeIssuerKeys([...older, { publicKeyMultibase: pair.publicKeyMultibase, createdAt: null }], pair);
  }
  const { ring, pairs } = (await readRing(file, logger)) ?? (await createRing(file, logger));
  return makeIssuerKeys(ring.keys, pairs[pairs.length - 1]!);
}

/**
 * A new signing key, added to the ring (written whole, then renamed over it); the older keys stay, to
 * verify what they signed. A running server reads the ring on start: restart it after a rotation. Run it
 * from one place at a time (two rotations at once keep one of the two new keys).
 */
export async function rotateIssuerKey({
  dataDir,
  logger,
}: {
  dataDir: string;
  logger?: Logger;
}): Promise<{ publicKeyMultibase: string; createdAt: string }> {
  const file = ringPath(dataDir);
  const { ring } = (await readRing(file, logger)) ?? (await createRing(file, logger));
  const key = await newStoredKey();
  const temp = await writeTemp(file, { version: 1, keys: [...ring.keys, key] });
  try {
    await rename(temp, file);
  } catch (error) {
    await unlink(temp).catch(() => undefined);
    throw error;
  }
  logger?.info("certificate signing key rotated", { file, publicKeyMultibase: key.publicKeyMultibase });
  return { publicKeyMultibase: key.publicKeyMultibase, createdAt: key.createdAt };
}
