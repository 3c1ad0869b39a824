// A certificate as an Open Badges 3.0 credential (issue 32): a W3C Verifiable Credential 2.0 of type
// OpenBadgeCredential, signed by the academy's did:web with a DataIntegrityProof (eddsa-rdfc-2022), which
// a learner can keep in a wallet and anyone can check offline against the DID document.
//
// The learner's name is inside the signed data twice, both defined by the Open Badges 3.0.3 context (so
// canonicalisation's safe mode accepts them): as the subject's `identifier`, an IdentityObject of
// identityType "name" in plain text (`hashed: false`), which is how Open Badges 3.0 names a recipient
// who has no DID (AchievementSubject needs an id or an identifier), and as the subject's `name`
// (schema.org name), the field wallets display.
import { CREDENTIALS_V2_CONTEXT, OPEN_BADGES_CONTEXT } from "./document-loader.ts";
import type { IssuerKeys } from "./issuer-keys.ts";
import { isoSeconds, issuerProfile, signCredential, siteBase, type SignedCredential } from "./sign.ts";
import { STATUS_LIST_SIZE, statusListUrl } from "./status-list.ts";

export interface CertificateForBadge {
  /** the certificate's public id: unguessable, it is also the address of its page */
  id: string;
  /** the learner's name as printed on the certificate */
  name: string;
  courseId: string;
  courseTitle: string;
  instructor: string;
  issuedAt: Date;
  /** its bit in the revocation list */
  statusIndex: number;
}

export interface IssueBadgeInput {
  keys: IssuerKeys;
  /** the site's address (https://…), from which the DID and every URL are made */
  publicUrl: string;
  siteName: string;
  certificate: CertificateForBadge;
}

/** The credential before signing. */
export function unsignedBadge({ publicUrl, siteName, certificate }: Omit<IssueBadgeInput, "keys">) {
  const base = siteBase(publicUrl);
  const { id, name, courseId, courseTitle, instructor, issuedAt, statusIndex } = certificate;
  if (!Number.isSafeInteger(statusIndex) || statusIndex < 0 || statusIndex >= STATUS_LIST_SIZE) {
    throw new Error(`statusIndex must be an integer from 0 to ${STATUS_LIST_SIZE - 1}`);
  }
  const issuer = issuerProfile(publicUrl, siteName);
  const listUrl = statusListUrl(publicUrl);
  return {
    "@context": [CREDENTIALS_V2_CONTEXT, OPEN_BADGES_CONTEXT],
    id: `${base}/certificates/${encodeURIComponent(id)}`,
    type: ["VerifiableCredential", "OpenBadgeCredential"],
    issuer,
    name: `${courseTitle}: certificate of completion`,
    validFrom: isoSeconds(issuedAt),
    awardedDate: isoSeconds(issuedAt),
    credentialSubject: {
      type: ["AchievementSubject"],
      name,
      identifier: [{ type: "IdentityObject", identityType: "name", hashed: false, identityHash: name }],
      achievement: {
        id: `${base}/courses/${encodeURIComponent(courseId)}`,
        type: ["Achievement"],
        achievementType: "Certificate",
        name: courseTitle,
        description: `Completion of the course ${courseTitle} at ${siteName}, taught by ${instructor}.`,
        criteria: { narrative: `Completed every lesson of ${courseTitle}, taught by ${instructor}.` },
        creator: issuer,
      },
    },
    credentialStatus: {
      id: `${listUrl}#${statusIndex}`,
      type: "BitstringStatusListEntry",
      statusPurpose: "revocation",
      statusListIndex: String(statusIndex),
      statusListCredential: listUrl,
    },
  };
}

export async function issueBadge(input: IssueBadgeInput): Promise<SignedCredential> {
  return signCredential(input.keys, input.publicUrl, unsignedBadge(input));
}
