// Checks a certificate's credential (issue 32): its signature against the academy's DID document and its
// bit in the revocation list. It backs a public "check a credential file" page, so it takes anything: a
// string or a value of any shape, at most 64 KB as JSON, and answers with a result, never an exception.
// It checks the academy's own credentials only: the document loader knows no other issuer, and never
// fetches (document-loader.ts).
//
// The trap (stack-notes-learning §3): `verifyCredential` says `verified: true` for a revoked credential;
// the bit is in `statusResult`, read here into `revoked`. So a caller shows a certificate as good only
// when `verified && revoked === false` (null: the list was not checked).
import { DataIntegrityProof } from "@digitalbazaar/data-integrity";
import { cryptosuite } from "@digitalbazaar/eddsa-rdfc-2022-cryptosuite";
import { verifyCredential } from "@digitalbazaar/vc";
import { checkStatus } from "@digitalbazaar/vc-bitstring-status-list";
import type { DidDocument } from "./did.ts";
import { createDocumentLoader, CREDENTIALS_V2_CONTEXT, type StatusListSource } from "./document-loader.ts";

/** The largest credential checked, as JSON (ours are about 2 KB). */
export const MAX_CREDENTIAL_BYTES = 64 * 1024;
/** The deepest nesting accepted (ours is 4 deep): canonicalisation recurses. */
const MAX_DEPTH = 16;
/** An error message's longest form in the answer (a library's can quote the input). */
const MAX_MESSAGE = 300;

export interface VerifyBadgeOptions {
  /** the academy's DID document (did.ts): the only issuer accepted */
  didDocument: DidDocument;
  /** the signed revocation list, or a function that finds it by address; without it, `revoked` is null */
  statusList?: StatusListSource;
  /** the time to check validFrom/validUntil against (default now) */
  now?: Date;
}

export interface BadgeVerification {
  /** the signature holds, the issuer is the academy and, if checked, the revocation list verified */
  verified: boolean;
  /** the credential's revocation bit: null when not known (no list given, or the check failed) */
  revoked: boolean | null;
  errors: string[];
}

const failed = (...errors: string[]): BadgeVerification => ({ verified: false, revoked: null, errors });

const short = (message: string) => (message.length > MAX_MESSAGE ? `${message.slice(0, MAX_MESSAGE)}…` : message);

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function depth(value: unknown): number {
  if (typeof value !== "object" || value === null) return 0;
  let deepest = 0;
  for (const child of Object.values(value)) {
    deepest = Math.max(deepest, depth(child));
    if (deepest > MAX_DEPTH) break;
  }
  return deepest + 1;
}

/** The input as plain JSON data (a copy: the libraries may write to what they are given), or why not. */
function asJson(input: unknown): { value: unknown } | { error: string } {
  let text: string | undefined;
  if (typeof input === "string") {
    text = input;
  } else {
    try {
      text = JSON.stringify(input);
    } catch {
      return { error: "The credential is not JSON data." };
    }
  }
  if (text === undefined) return { error: "There is no credential to check." };
  if (Buffer.byteLength(text) > MAX_CREDENTIAL_BYTES) {
    return { error: `The credential is larger than ${MAX_CREDENTIAL_BYTES / 1024} KB: it is not one of ours.` };
  }
  try {
    return { value: JSON.parse(text) };
  } catch {
    return { error: "The credential is not valid JSON." };
  }
}

/** What must hold before a signature is worth checking; each failure in plain words. */
function shapeErrors(credential: Record<string, unknown>, did: string): string[] {
  const errors: string[] = [];
  const contexts = credential["@context"];
  if (!Array.isArray(contexts) || contexts[0] !== CREDENTIALS_V2_CONTEXT) {
    errors.push(`"@context" must be a list that starts with ${CREDENTIALS_V2_CONTEXT}.`);
  }
  const type = credential.type;
  if (!Array.isArray(type) || !type.includes("VerifiableCredential") || !type.includes("OpenBadgeCredential")) {
    errors.push('"type" must list VerifiableCredential and OpenBadgeCredential.');
  }
  const issuer = isObject(credential.issuer) ? credential.issuer.id : credential.issuer;
  if (typeof issuer !== "string") errors.push('"issuer" is missing.');
  else if (issuer !== did) errors.push(`The credential was not issued by this academy (${did}).`);
  if (!isObject(credential.credentialSubject)) errors.push('"credentialSubject" is missing.');
  const proof = credential.proof;
  if (proof === undefined) errors.push("The credential has no proof: it is not signed.");
  else if (!isObject(proof)) errors.push('"proof" must be one proof (an object).');
  else {
    if (proof.type !== "DataIntegrityProof" || proof.cryptosuite !== "eddsa-rdfc-2022") {
      errors.push('The proof must be a DataIntegrityProof of the cryptosuite "eddsa-rdfc-2022".');
    }
    if (typeof proof.proofValue !== "string") errors.push('The proof has no "proofValue".');
    if (typeof proof.verificationMethod !== "string") errors.push('The proof has no "verificationMethod".');
  }
  return errors;
}

/**
 * Every message in a verification error: VerificationError keeps its causes in `errors`, and jsonld's
 * errors keep the loader's own ("Refusing to load …") in `details.cause` under a generic message.
 */
function messages(error: unknown): string[] {
  if (!(error instanceof Error)) return error === undefined ? [] : [String(error)];
  const inner = (error as Error & { errors?: unknown }).errors;
  if (Array.isArray(inner) && inner.length > 0) return inner.flatMap(messages);
  const cause = (error as Error & { details?: { cause?: unknown } }).details?.cause;
  if (cause instanceof Error) return messages(cause);
  if (error.message === "Safe mode validation error.") {
    return ["The credential uses a term its contexts do not define (JSON-LD safe mode)."];
  }
  return [error.message];
}

interface StatusResult {
  verified?: boolean;
  error?: unknown;
  results?: { status?: boolean; credentialStatus?: { statusPurpose?: string } }[];
}

/** The revocation bit from the status check's result (null: not checked, or the check failed). */
function revocation(statusResult: StatusResult | undefined): boolean | null {
  if (!statusResult?.verified || !Array.isArray(statusResult.results)) return null;
  const entries = statusResult.results.filter((result) => result.credentialStatus?.statusPurpose === "revocation");
  if (entries.length === 0) return null;
  return entries.some((result) => result.status === true);
}

export async function verifyBadge(input: unknown, options: VerifyBadgeOptions): Promise<BadgeVerification> {
  try {
    const parsed = asJson(input);
    if ("error" in parsed) return failed(parsed.error);
    const credential = parsed.value;
    if (!isObject(credential)) return failed("The credential must be a JSON object.");
    if (depth(credential) > MAX_DEPTH) return failed("The credential is nested too deeply: it is not one of ours.");
    const shape = shapeErrors(credential, options.didDocument.id);
    if (shape.length > 0) return failed(...shape);

    const { statusList } = options;
    const suite = new DataIntegrityProof({ cryptosuite });
    const result = await verifyCredential({
      credential,
      suite,
      documentLoader: createDocumentLoader({ didDocument: options.didDocument, statusList }),
      // without a list, the status is left unchecked (vc asks for a function whenever there is a status)
      checkStatus: statusList
        ? (o) => checkStatus({ ...o, suite, verifyBitstringStatusListCredential: true })
        : async () => ({ verified: true }),
      now: options.now,
    });
    const statusResult = result.statusResult as StatusResult | undefined;
    const errors = [
      ...messages(result.error),
      ...(result.results ?? []).flatMap((proof) => messages(proof.error)),
      ...(statusResult && !statusResult.verified ? messages(statusResult.error) : []),
    ];
    const unique = [...new Set(errors.map(short))];
    if (!result.verified && unique.length === 0) unique.push("The credential did not verify.");
    return { verified: result.verified, revoked: statusList ? revocation(statusResult) : null, errors: unique };
  } catch (error) {
    return failed(short(`The credential could not be checked: ${error instanceof Error ? error.message : error}`));
  }
}
