// Certificates' words, limits and addresses (issue 32), without zod so the pages' browser code stays small;
// the schemas are in ./certificates.ts.

export const CERTIFICATE_NAME_MAX = 120;
export const REVOKE_REASON_MAX = 300;

/** A certificate's id: 32 lowercase hex characters (128 random bits). */
export const CERTIFICATE_ID_PATTERN = /^[0-9a-f]{32}$/;

export const certificatePath = (id: string) => `/certificates/${id}`;
export const certificatePdfPath = (id: string) => `/certificates/${id}/certificate.pdf`;
export const credentialPath = (id: string) => `/certificates/${id}/credential.json`;

export const CERTIFICATE_MESSAGES = {
  notFound: "Certificate not found",
  notFoundLead:
    "No certificate has this address. Check it was copied whole: a certificate's address ends in 32 letters and digits.",
  valid: "Valid certificate",
  revoked: "Revoked certificate",
  revokedOn: (date: string) => `This certificate was revoked on ${date}.`,
  replaced: "A newer certificate replaces it:",
  nameRequired: "The name on your certificates is required",
  nameTooLong: `The name on your certificates must be at most ${CERTIFICATE_NAME_MAX} characters`,
  nameOneLine: "The name on your certificates must be one line",
  nameSaved: "The name on your certificates is saved.",
  nameSavedReissued: (n: number) =>
    `The name on your certificates is saved; ${n === 1 ? "your certificate was" : `${n} certificates were`} issued again with it.`,
  reasonRequired: "Give the reason",
  reasonTooLong: `The reason must be at most ${REVOKE_REASON_MAX} characters`,
  alreadyRevoked: "This certificate is already revoked",
  revokedDone: "Certificate revoked",
  reissuedDone: "Certificate issued again",
  refundReason: "The course was refunded",
  renamedReason: "Issued again with a new name",
  pdfRevoked: "This certificate was revoked: its PDF is no longer given out. Its page says why.",
  credentialTooBig: "The credential file is too large: a certificate's credential is a few kilobytes.",
} as const;

/** LinkedIn's "Add to profile" address for a certification (its documented add-to-profile parameters). */
export function linkedInAddUrl(c: {
  courseTitle: string;
  organisation: string;
  issuedAt: string;
  id: string;
  url: string;
}): string {
  const issued = new Date(c.issuedAt);
  const params = new URLSearchParams({
    startTask: "CERTIFICATION_NAME",
    name: c.courseTitle,
    organizationName: c.organisation,
    issueYear: String(issued.getUTCFullYear()),
    issueMonth: String(issued.getUTCMonth() + 1),
    certUrl: c.url,
    certId: c.id,
  });
  return `https://www.linkedin.com/profile/add?${params.toString()}`;
}
