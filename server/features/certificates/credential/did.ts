// The academy's issuer identifier: a did:web (W3C CCG did:web method, §3.2) made from the site's public
// address, and its DID document, served at /.well-known/did.json. The document lists every key of the
// ring (the retired ones too): a certificate signed before a rotation names its own key, and a verifier
// finds it there. Key ids are `<did>#<publicKeyMultibase>`, built at use time, so the stored ring holds
// keys only and a change of the site's address needs no change to it.
import { DID_CONTEXT, MULTIKEY_CONTEXT } from "./document-loader.ts";
import type { IssuerKeys } from "./issuer-keys.ts";

export interface VerificationMethod {
  id: string;
  type: "Multikey";
  controller: string;
  publicKeyMultibase: string;
}

export interface DidDocument {
  "@context": string[];
  id: string;
  verificationMethod: VerificationMethod[];
  assertionMethod: string[];
}

/**
 * `did:web:<host>` for the site's address: a port's colon written `%3A`, and a path's segments joined
 * with `:` (`https://example.org/academy` → `did:web:example.org:academy`, its document then at
 * `/academy/did.json`: `didDocumentPath`).
 */
export function didOf(publicUrl: string): string {
  const url = new URL(publicUrl);
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    throw new Error(`A did:web needs an http(s) address, not ${url.protocol}`);
  }
  const host = url.host.replace(/:/g, "%3A");
  const segments = url.pathname.split("/").filter((segment) => segment !== "");
  return ["did", "web", host, ...segments].join(":");
}

/** Where the DID document of `didOf(publicUrl)` is served, as a path on the site. */
export function didDocumentPath(publicUrl: string): string {
  const path = new URL(publicUrl).pathname.replace(/\/+$/, "");
  return path === "" ? "/.well-known/did.json" : `${path}/did.json`;
}

export function didDocument(keys: IssuerKeys, publicUrl: string): DidDocument {
  const did = didOf(publicUrl);
  const methods: VerificationMethod[] = keys.publicKeys(did).map((key) => ({
    id: key.id,
    type: "Multikey",
    controller: did,
    publicKeyMultibase: key.publicKeyMultibase,
  }));
  return {
    // the DID context defines verificationMethod and assertionMethod: without it, the signature
    // libraries' safe mode refuses the document (stack-notes-learning §3, "Traps")
    "@context": [DID_CONTEXT, MULTIKEY_CONTEXT],
    id: did,
    verificationMethod: methods,
    assertionMethod: methods.map((method) => method.id),
  };
}
