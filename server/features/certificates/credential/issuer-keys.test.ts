// The key ring on the disk: made once with private modes, read back, made once when two starts race, and
// replaced by CERTIFICATE_SIGNING_KEY without a write; no secret in the object's JSON or inspect forms.
import { execFile } from "node:child_process";
import { mkdtemp, readdir, readFile, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { inspect, promisify } from "node:util";
import * as Ed25519Multikey from "@digitalbazaar/ed25519-multikey";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { KEY_RING_FILE, loadIssuerKeys, rotateIssuerKey } from "./issuer-keys.ts";

const DID = "did:web:academy.example";
let dataDir: string;

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), "cert-keys-"));
});
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

const ringFile = () => path.join(dataDir, KEY_RING_FILE);
const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );

async function exportedKey() {
  const pair = await Ed25519Multikey.generate();
  const { publicKeyMultibase, secretKeyMultibase } = await pair.export({ publicKey: true, secretKey: true });
  return { publicKeyMultibase: publicKeyMultibase!, secretKeyMultibase: secretKeyMultibase! };
}

describe("loadIssuerKeys", () => {
  it("makes a key on the first start, in a 0600 file of a 0700 directory, and reads the same one next time", async () => {
    const first = await loadIssuerKeys({ dataDir });
    expect((await stat(ringFile())).mode & 0o777).toBe(0o600);
    expect((await stat(path.dirname(ringFile()))).mode & 0o777).toBe(0o700);
    const stored = JSON.parse(await readFile(ringFile(), "utf8"));
    expect(stored.keys).toHaveLength(1);
    expect(stored.keys[0].publicKeyMultibase).toBe(first.currentPublicKeyMultibase);
    expect(stored.keys[0].secretKeyMultibase).toMatch(/^z/);

    const second = await loadIssuerKeys({ dataDir });
    expect(second.currentPublicKeyMultibase).toBe(first.currentPublicKeyMultibase);
    expect(second.publicKeys(DID)).toEqual(first.publicKeys(DID));
    expect(first.publicKeys(DID)[0]!.id).toBe(`${DID}#${first.currentPublicKeyMultibase}`);
    expect(first.signer(DID).id).toBe(`${DID}#${first.currentPublicKeyMultibase}`);
  });

  it("makes one key when two starts race, and leaves no temporary file", async () => {
    const loads = await Promise.all([1, 2, 3, 4].map(() => loadIssuerKeys({ dataDir })));
    const keys = new Set(loads.map((keys) => keys.currentPublicKeyMultibase));
    expect(keys.size).toBe(1);
    const stored = JSON.parse(await readFile(ringFile(), "utf8"));
    expect(stored.keys).toHaveLength(1);
    expect(stored.keys[0].publicKeyMultibase).toBe([...keys][0]);
    expect(await readdir(path.dirname(ringFile()))).toEqual(["certificate-issuer.json"]);
  });

  it("makes one key when two processes start at once", async () => {
    const script = `const { loadIssuerKeys } = await import(${JSON.stringify(new URL("./issuer-keys.ts", import.meta.url).href)});
      console.log((await loadIssuerKeys({ dataDir: process.argv[1] })).currentPublicKeyMultibase);`;
    const run = () => promisify(execFile)(process.execPath, ["--input-type=module", "-e", script, dataDir]);
    const outputs = await Promise.all([run(), run()]);
    const printed = outputs.map(({ stdout }) => stdout.trim());
    expect(printed[0]).toMatch(/^z6Mk/);
    expect(printed[1]).toBe(printed[0]);
    expect(JSON.parse(await readFile(ringFile(), "utf8")).keys).toHaveLength(1);
  });

  it("signs with a key from the environment and writes nothing", async () => {
    const key = await exportedKey();
    const keys = await loadIssuerKeys({ dataDir, envKey: JSON.stringify(key) });
    expect(keys.currentPublicKeyMultibase).toBe(key.publicKeyMultibase);
    expect(keys.publicKeys(DID)).toEqual([
      { id: `${DID}#${key.publicKeyMultibase}`, publicKeyMultibase: key.publicKeyMultibase, createdAt: null },
    ]);
    expect(await exists(path.join(dataDir, "keys"))).toBe(false);
  });

  it("keeps a ring's older keys for verification when the environment's key signs", async () => {
    const disk = await loadIssuerKeys({ dataDir });
    const key = await exportedKey();
    const keys = await loadIssuerKeys({ dataDir, envKey: JSON.stringify(key) });
    expect(keys.publicKeys(DID).map((k) => k.publicKeyMultibase)).toEqual([
      disk.currentPublicKeyMultibase,
      key.publicKeyMultibase,
    ]);
    expect(keys.signer(DID).id).toBe(`${DID}#${key.publicKeyMultibase}`);
  });

  it("refuses a bad environment key with a message that does not quote it", async () => {
    const good = await exportedKey();
    const other = await exportedKey();
    const bad = [
      "not json " + good.secretKeyMultibase,
      JSON.stringify({ publicKeyMultibase: good.publicKeyMultibase }),
      JSON.stringify({ ...good, secretKeyMultibase: other.secretKeyMultibase }),
      JSON.stringify({ ...good, secretKeyMultibase: good.secretKeyMultibase.slice(0, -4) }),
      JSON.stringify({ ...good, publicKeyMultibase: "z" + "1".repeat(50) }),
      JSON.stringify([good.secretKeyMultibase]),
    ];
    for (const envKey of bad) {
      const error = await loadIssuerKeys({ dataDir, envKey }).then(
        () => null,
        (e: unknown) => e as Error,
      );
      expect(error, envKey.slice(0, 20)).toBeInstanceOf(Error);
      expect(error!.message).toMatch(/CERTIFICATE_SIGNING_KEY/);
      for (const secret of [good.secretKeyMultibase, other.secretKeyMultibase]) {
        expect(error!.message).not.toContain(secret);
        expect(error!.message).not.toContain(secret.slice(1, 12));
        expect(String(error!.stack)).not.toContain(secret.slice(1, 12));
      }
    }
    expect(await exists(path.join(dataDir, "keys"))).toBe(false);
  });

  it("never shows a secret key in its JSON or inspect forms", async () => {
    const keys = await loadIssuerKeys({ dataDir });
    const { keys: stored } = JSON.parse(await readFile(ringFile(), "utf8"));
    const secret: string = stored[0].secretKeyMultibase;
    for (const shown of [JSON.stringify(keys), inspect(keys, { depth: 10, showHidden: true }), String(keys)]) {
      expect(shown).not.toContain("secretKeyMultibase");
      expect(shown).not.toContain(secret);
    }
    expect(JSON.stringify(keys)).toContain(keys.currentPublicKeyMultibase);
    expect(Object.keys(keys.signer(DID)).sort()).toEqual(["algorithm", "id", "sign"]);
  });
});

describe("rotateIssuerKey", () => {
  it("adds a signing key and keeps the older ones", async () => {
    const before = await loadIssuerKeys({ dataDir });
    const rotated = await rotateIssuerKey({ dataDir });
    const after = await loadIssuerKeys({ dataDir });
    expect(after.currentPublicKeyMultibase).toBe(rotated.publicKeyMultibase);
    expect(after.currentPublicKeyMultibase).not.toBe(before.currentPublicKeyMultibase);
    expect(after.publicKeys(DID).map((key) => key.publicKeyMultibase)).toEqual([
      before.currentPublicKeyMultibase,
      rotated.publicKeyMultibase,
    ]);
    expect((await stat(ringFile())).mode & 0o777).toBe(0o600);
  });
});
