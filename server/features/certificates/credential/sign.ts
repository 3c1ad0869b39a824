// What the badge and the status list share: the site's addresses, VC 2.0 dates and signing with the
// current key (eddsa-rdfc-2022 in a DataIntegrityProof), with the bundled contexts only.
import { DataIntegrityProof } from "@digitalbazaar/data-integrity";
import { cryptosuite } from "@digitalbazaar/eddsa-rdfc-2022-cryptosuite";
import { issue } from "@digitalbazaar/vc";
import { didOf } from "./did.ts";
import { createDocumentLoader } from "./document-loader.ts";
import type { IssuerKeys } from "./issuer-keys.ts";

/** A signed credential, as JSON. */
export type SignedCredential = Record<string, unknown>;

/** The site's address without a trailing slash, to join paths to. */
export const siteBase = (publicUrl: string) => new URL(publicUrl).href.replace(/\/+$/, "");

/** A date as VC 2.0's dateTimeStamp, to the second. */
export const isoSeconds = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, "Z");

/** The issuer as Open Badges describes it: a Profile, its id the DID that signs. */
export function issuerProfile(publicUrl: string, siteName: string) {
  return { id: didOf(publicUrl), type: ["Profile"], name: siteName, url: siteBase(publicUrl) };
}

/**
 * Signs a copy of `credential` with the current key: `vc.issue` adds the proof to the object it is given
 * and returns it, so signing one template twice would give it two proofs (stack-notes-learning §3).
 */
export async function signCredential(
  keys: IssuerKeys,
  publicUrl: string,
  credential: object,
): Promise<SignedCredential> {
  const suite = new DataIntegrityProof({ signer: keys.signer(didOf(publicUrl)), cryptosuite });
  return issue({ credential: structuredClone(credential), suite, documentLoader: createDocumentLoader() });
}
