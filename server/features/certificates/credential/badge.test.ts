// A certificate's Open Badges 3.0 credential, signed and checked offline: its shape, tampering, the
// revocation list (whose bit `verified` alone does not show), rotation, and garbage in the public check.
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { issueBadge, unsignedBadge, type CertificateForBadge } from "./badge.ts";
import { didDocument, didOf } from "./did.ts";
import { loadIssuerKeys, rotateIssuerKey, type IssuerKeys } from "./issuer-keys.ts";
import type { SignedCredential } from "./sign.ts";
import { STATUS_LIST_SIZE, statusListCredential, statusListUrl } from "./status-list.ts";
import { MAX_CREDENTIAL_BYTES, verifyBadge } from "./verify-badge.ts";

const PUBLIC_URL = "http://localhost:3000";
const SITE = "TechAfrica Academy";
const LEARNER = "Adébáyọ̀ Ọlámídé";
const CERTIFICATE: CertificateForBadge = {
  id: "c3rt-9f2b7a1e4d6c8b0a",
  name: LEARNER,
  courseId: "full-stack-web",
  courseTitle: "Full-Stack Web Development",
  instructor: "Ngozi Okafor",
  issuedAt: new Date("2025-03-16T15:00:00.123Z"),
  statusIndex: 94567,
};

let dataDir: string;
let keys: IssuerKeys;
let badge: SignedCredential;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), "cert-badge-"));
  keys = await loadIssuerKeys({ dataDir });
  badge = await issueBadge({ keys, publicUrl: PUBLIC_URL, siteName: SITE, certificate: CERTIFICATE });
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const listOf = (revoked: number[], ring = keys) =>
  statusListCredential({ keys: ring, publicUrl: PUBLIC_URL, revoked, validFrom: new Date("2025-03-16T00:00:00Z") });

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a credential's JSON, edited freely by the tests
type Edited = Record<string, any>;

const mutated = (change: (copy: Edited) => void) => {
  const copy = structuredClone(badge) as Edited;
  change(copy);
  return copy;
};

/** One character of a string changed, keeping its length and alphabet. */
const oneCharOff = (text: string, at = Math.floor(text.length / 2)) =>
  text.slice(0, at) + (text[at] === "a" ? "b" : "a") + text.slice(at + 1);

describe("issueBadge", () => {
  it("is an Open Badges 3.0 credential with the learner's name, the course and a revocation entry", () => {
    const did = "did:web:localhost%3A3000";
    expect(badge).toMatchObject({
      "@context": [
        "https://www.w3.org/ns/credentials/v2",
        "https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json",
      ],
      id: `${PUBLIC_URL}/certificates/${CERTIFICATE.id}`,
      type: ["VerifiableCredential", "OpenBadgeCredential"],
      issuer: { id: did, type: ["Profile"], name: SITE, url: PUBLIC_URL },
      validFrom: "2025-03-16T15:00:00Z",
      credentialSubject: {
        type: ["AchievementSubject"],
        name: LEARNER,
        identifier: [{ type: "IdentityObject", identityType: "name", hashed: false, identityHash: LEARNER }],
        achievement: {
          id: `${PUBLIC_URL}/courses/full-stack-web`,
          type: ["Achievement"],
          name: "Full-Stack Web Development",
          criteria: { narrative: expect.stringContaining("Ngozi Okafor") },
        },
      },
      credentialStatus: {
        id: `${PUBLIC_URL}/certificates/status/1#94567`,
        type: "BitstringStatusListEntry",
        statusPurpose: "revocation",
        statusListIndex: "94567",
        statusListCredential: `${PUBLIC_URL}/certificates/status/1`,
      },
      proof: {
        type: "DataIntegrityProof",
        cryptosuite: "eddsa-rdfc-2022",
        proofPurpose: "assertionMethod",
        verificationMethod: `${did}#${keys.currentPublicKeyMultibase}`,
      },
    });
    expect(badge.proof).not.toBeInstanceOf(Array);
  });

  it("does not sign the template it is given (vc.issue adds its proof to its input)", async () => {
    const template = unsignedBadge({ publicUrl: PUBLIC_URL, siteName: SITE, certificate: CERTIFICATE });
    const twice = await issueBadge({ keys, publicUrl: PUBLIC_URL, siteName: SITE, certificate: CERTIFICATE });
    expect(template).not.toHaveProperty("proof");
    expect(twice.proof).not.toBeInstanceOf(Array);
  });

  it("refuses a status index outside the list", async () => {
    const certificate = { ...CERTIFICATE, statusIndex: STATUS_LIST_SIZE };
    await expect(issueBadge({ keys, publicUrl: PUBLIC_URL, siteName: SITE, certificate })).rejects.toThrow(
      /statusIndex/,
    );
  });
});

describe("verifyBadge", () => {
  it("verifies the credential, offline", async () => {
    const fetch = vi.fn(() => {
      throw new Error("network used");
    });
    vi.stubGlobal("fetch", fetch);
    const result = await verifyBadge(badge, { didDocument: didDocument(keys, PUBLIC_URL) });
    expect(result).toEqual({ verified: true, revoked: null, errors: [] });
    // and as the text of a file
    expect(await verifyBadge(JSON.stringify(badge), { didDocument: didDocument(keys, PUBLIC_URL) })).toEqual(result);
    expect(fetch).not.toHaveBeenCalled();
  });

  it("fails when one character of the learner's name, the course or the proof is changed", async () => {
    const didDoc = didDocument(keys, PUBLIC_URL);
    const changes: ((copy: Edited) => void)[] = [
      (c) => (c.credentialSubject.name = oneCharOff(c.credentialSubject.name, 1)),
      (c) =>
        (c.credentialSubject.identifier[0].identityHash = oneCharOff(
          c.credentialSubject.identifier[0].identityHash,
          1,
        )),
      (c) => (c.credentialSubject.achievement.name = oneCharOff(c.credentialSubject.achievement.name)),
      (c) => (c.proof.proofValue = oneCharOff(c.proof.proofValue)),
      (c) => (c.validFrom = "2025-03-16T15:00:01Z"),
    ];
    for (const change of changes) {
      const result = await verifyBadge(mutated(change), { didDocument: didDoc });
      expect(result).toEqual({ verified: false, revoked: null, errors: ["Invalid signature."] });
    }
  });

  it("reads the revocation bit: revoked for a set bit, not for another, though the signature holds", async () => {
    const didDoc = didDocument(keys, PUBLIC_URL);
    const revokedList = await listOf([CERTIFICATE.statusIndex, 3]);
    expect(revokedList).toMatchObject({
      id: statusListUrl(PUBLIC_URL),
      type: ["VerifiableCredential", "BitstringStatusListCredential"],
      issuer: didOf(PUBLIC_URL),
      credentialSubject: { type: "BitstringStatusList", statusPurpose: "revocation" },
      proof: { type: "DataIntegrityProof", cryptosuite: "eddsa-rdfc-2022" },
    });
    expect(await verifyBadge(badge, { didDocument: didDoc, statusList: revokedList })).toEqual({
      verified: true,
      revoked: true,
      errors: [],
    });
    const otherList = await listOf([CERTIFICATE.statusIndex + 1]);
    expect(await verifyBadge(badge, { didDocument: didDoc, statusList: otherList })).toEqual({
      verified: true,
      revoked: false,
      errors: [],
    });
    // the list found by a function, by its address
    const byAddress = (url: string) => (url === statusListUrl(PUBLIC_URL) ? revokedList : undefined);
    expect((await verifyBadge(badge, { didDocument: didDoc, statusList: byAddress })).revoked).toBe(true);
  });

  it("fails when the status list is not the academy's, or has been tampered with", async () => {
    const didDoc = didDocument(keys, PUBLIC_URL);
    const list = (await listOf([])) as Edited;
    const forged = structuredClone(list);
    forged.credentialSubject.encodedList = (
      (await listOf([CERTIFICATE.statusIndex])) as Edited
    ).credentialSubject.encodedList;
    const result = await verifyBadge(badge, { didDocument: didDoc, statusList: forged });
    expect(result).toMatchObject({ verified: false, revoked: null });
    expect(result.errors.join(" ")).toMatch(/BitstringStatusListCredential/);

    const otherDir = await mkdtemp(path.join(os.tmpdir(), "cert-other-"));
    try {
      const stranger = await loadIssuerKeys({ dataDir: otherDir });
      const strangersList = await listOf([], stranger);
      expect((await verifyBadge(badge, { didDocument: didDoc, statusList: strangersList })).verified).toBe(false);
    } finally {
      await rm(otherDir, { recursive: true, force: true });
    }
  });

  it("still verifies an earlier credential after a rotation; new ones are signed with the new key", async () => {
    const rotatedDir = await mkdtemp(path.join(os.tmpdir(), "cert-rotate-"));
    try {
      const before = await loadIssuerKeys({ dataDir: rotatedDir });
      const earlier = await issueBadge({
        keys: before,
        publicUrl: PUBLIC_URL,
        siteName: SITE,
        certificate: CERTIFICATE,
      });
      await rotateIssuerKey({ dataDir: rotatedDir });
      const after = await loadIssuerKeys({ dataDir: rotatedDir });
      const didDoc = didDocument(after, PUBLIC_URL);
      expect(didDoc.verificationMethod).toHaveLength(2);
      const list = await listOf([], after);
      expect(await verifyBadge(earlier, { didDocument: didDoc, statusList: list })).toEqual({
        verified: true,
        revoked: false,
        errors: [],
      });
      const later = await issueBadge({ keys: after, publicUrl: PUBLIC_URL, siteName: SITE, certificate: CERTIFICATE });
      expect((later.proof as { verificationMethod: string }).verificationMethod).toBe(
        `${didOf(PUBLIC_URL)}#${after.currentPublicKeyMultibase}`,
      );
      expect(after.currentPublicKeyMultibase).not.toBe(before.currentPublicKeyMultibase);
      expect((await verifyBadge(later, { didDocument: didDoc, statusList: list })).verified).toBe(true);
      // and a DID document without the old key no longer verifies the earlier one
      const withoutOld = { ...didDoc, verificationMethod: didDoc.verificationMethod.slice(1) };
      expect((await verifyBadge(earlier, { didDocument: withoutOld })).verified).toBe(false);
    } finally {
      await rm(rotatedDir, { recursive: true, force: true });
    }
  });

  it("answers garbage with a clear error, never an exception, and fetches nothing", async () => {
    const fetch = vi.fn(() => {
      throw new Error("network used");
    });
    vi.stubGlobal("fetch", fetch);
    const didDoc = didDocument(keys, PUBLIC_URL);
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    let deep: unknown = "x";
    for (let i = 0; i < 100; i++) deep = [deep];
    const cases: [unknown, RegExp][] = [
      [undefined, /no credential/],
      [null, /JSON object/],
      [42, /JSON object/],
      ["not json", /not valid JSON/],
      [[badge], /JSON object/],
      [cyclic, /not JSON/],
      [{ ...badge, padding: "x".repeat(MAX_CREDENTIAL_BYTES) }, /larger than 64 KB/],
      ["x".repeat(10 * MAX_CREDENTIAL_BYTES), /larger than 64 KB/],
      [{ ...badge, deep }, /nested too deeply/],
      [mutated((c) => delete c.proof), /no proof/],
      [mutated((c) => (c.proof = [c.proof, c.proof])), /one proof/],
      [mutated((c) => (c.proof.cryptosuite = "ecdsa-rdfc-2019")), /eddsa-rdfc-2022/],
      [mutated((c) => (c.proof.proofValue = 7)), /proofValue/],
      [mutated((c) => (c.issuer = { id: "did:web:evil.example" })), /not issued by this academy/],
      [mutated((c) => (c.type = "VerifiableCredential")), /"type"/],
      [mutated((c) => (c["@context"] = ["https://www.w3.org/2018/credentials/v1"])), /@context/],
      [mutated((c) => c["@context"].push("https://evil.example/context.json")), /Refusing to load/],
      [
        mutated((c) => (c.proof.verificationMethod = "https://evil.example/key")),
        /Refusing to load|verification method/i,
      ],
      [mutated((c) => (c.credentialSubject.unknownTerm = "x")), /do not define/],
      [mutated((c) => (c.validFrom = "yesterday")), /validFrom/],
    ];
    for (const [input, message] of cases) {
      const result = await verifyBadge(input, { didDocument: didDoc, statusList: await listOf([]) });
      expect(result.verified, String(message)).toBe(false);
      expect(result.revoked).toBeNull();
      expect(result.errors.join(" "), String(message)).toMatch(message);
      for (const error of result.errors) expect(error.length).toBeLessThanOrEqual(301);
    }
    expect(fetch).not.toHaveBeenCalled();
  });
});
