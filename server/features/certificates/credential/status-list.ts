// The revocation list (issue 32): a W3C Bitstring Status List credential, one bit a certificate, signed by
// the same DID as the certificates (verifiers check that the two issuers match). It is served publicly at
// STATUS_LIST_PATH and signed again whenever the set of revoked certificates changes; the caller keeps the
// signed copy. A revoked certificate still has a valid signature: its bit here is what says it is revoked.
import { createCredential, createList } from "@digitalbazaar/vc-bitstring-status-list";
import { didOf } from "./did.ts";
import type { IssuerKeys } from "./issuer-keys.ts";
import { isoSeconds, signCredential, siteBase, type SignedCredential } from "./sign.ts";

/** The revocation list's path on the site (one list so far: hence the 1). */
export const STATUS_LIST_PATH = "/certificates/status/1";
/** Bits in a list: the specification's minimum (16 KB), so that one certificate hides among many. */
export const STATUS_LIST_SIZE = 131072;

export const statusListUrl = (publicUrl: string) => `${siteBase(publicUrl)}${STATUS_LIST_PATH}`;

export interface StatusListInput {
  keys: IssuerKeys;
  publicUrl: string;
  /** the revoked certificates' status indexes */
  revoked: readonly number[];
  /** when this version of the list starts to hold (now, usually) */
  validFrom: Date;
}

export async function statusListCredential({
  keys,
  publicUrl,
  revoked,
  validFrom,
}: StatusListInput): Promise<SignedCredential> {
  const list = await createList({ length: STATUS_LIST_SIZE });
  for (const index of revoked) {
    if (!Number.isSafeInteger(index) || index < 0 || index >= STATUS_LIST_SIZE) {
      throw new Error(`A status index must be an integer from 0 to ${STATUS_LIST_SIZE - 1} (got ${index})`);
    }
    list.setStatus(index, true);
  }
  const credential = await createCredential({ id: statusListUrl(publicUrl), list, statusPurpose: "revocation" });
  const issuer = didOf(publicUrl);
  return signCredential(keys, publicUrl, { ...credential, issuer, validFrom: isoSeconds(validFrom) });
}
