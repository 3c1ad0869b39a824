// did:web identifiers from the site's address (did:web method §3.2) and the DID document of the ring.
import { describe, expect, it } from "vitest";
import { didDocument, didDocumentPath, didOf } from "./did.ts";
import type { IssuerKeys } from "./issuer-keys.ts";

describe("didOf", () => {
  it.each([
    ["https://academy.example", "did:web:academy.example"],
    ["https://academy.example/", "did:web:academy.example"],
    ["http://localhost:3000", "did:web:localhost%3A3000"],
    ["https://Academy.Example:8443/", "did:web:academy.example%3A8443"],
    ["https://example.org/academy/ng", "did:web:example.org:academy:ng"],
    ["https://example.org/academy/", "did:web:example.org:academy"],
  ])("%s → %s", (url, did) => {
    expect(didOf(url)).toBe(did);
  });

  it("drops the default port and refuses other schemes", () => {
    expect(didOf("https://academy.example:443")).toBe("did:web:academy.example");
    expect(() => didOf("ftp://academy.example")).toThrow(/http/);
  });

  it("serves the document at /.well-known/did.json, or under the path", () => {
    expect(didDocumentPath("https://academy.example")).toBe("/.well-known/did.json");
    expect(didDocumentPath("https://example.org/academy/")).toBe("/academy/did.json");
  });
});

describe("didDocument", () => {
  it("lists every key of the ring as a Multikey and an assertion method", () => {
    const keys = {
      publicKeys: (did: string) => [
        { id: `${did}#z6MkOld`, publicKeyMultibase: "z6MkOld", createdAt: "2030-01-01T00:00:00.000Z" },
        { id: `${did}#z6MkNew`, publicKeyMultibase: "z6MkNew", createdAt: "2031-01-01T00:00:00.000Z" },
      ],
    } as unknown as IssuerKeys;
    expect(didDocument(keys, "http://localhost:3000")).toEqual({
      "@context": ["https://www.w3.org/ns/did/v1", "https://w3id.org/security/multikey/v1"],
      id: "did:web:localhost%3A3000",
      verificationMethod: [
        {
          id: "did:web:localhost%3A3000#z6MkOld",
          type: "Multikey",
          controller: "did:web:localhost%3A3000",
          publicKeyMultibase: "z6MkOld",
        },
        {
          id: "did:web:localhost%3A3000#z6MkNew",
          type: "Multikey",
          controller: "did:web:localhost%3A3000",
          publicKeyMultibase: "z6MkNew",
        },
      ],
      assertionMethod: ["did:web:localhost%3A3000#z6MkOld", "did:web:localhost%3A3000#z6MkNew"],
    });
  });
});
