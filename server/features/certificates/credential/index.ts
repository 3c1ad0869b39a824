// Certificates as verifiable credentials (issue 32): the academy's keys and DID, Open Badges 3.0
// credentials, the revocation list and the check, all offline. No database: the certificates' service
// stores what these make.
export { issueBadge, unsignedBadge, type CertificateForBadge, type IssueBadgeInput } from "./badge.ts";
export { didDocument, didDocumentPath, didOf, type DidDocument, type VerificationMethod } from "./did.ts";
export {
  createDocumentLoader,
  type DocumentLoader,
  type LoaderSources,
  type StatusListSource,
} from "./document-loader.ts";
export {
  KEY_RING_FILE,
  SIGNING_KEY_ENV,
  loadIssuerKeys,
  rotateIssuerKey,
  type IssuerKeys,
  type IssuerSigner,
  type LoadIssuerKeysOptions,
  type PublicIssuerKey,
} from "./issuer-keys.ts";
export type { SignedCredential } from "./sign.ts";
export {
  STATUS_LIST_PATH,
  STATUS_LIST_SIZE,
  statusListCredential,
  statusListUrl,
  type StatusListInput,
} from "./status-list.ts";
export { MAX_CREDENTIAL_BYTES, verifyBadge, type BadgeVerification, type VerifyBadgeOptions } from "./verify-badge.ts";
