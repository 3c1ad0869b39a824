// Certificates (issue 32): issued once when a learner completes a course, each with an unguessable id that is
// the address of its public page; the PDF, the signed Open Badges 3.0 credential, the learner's own list, the
// name they want on them, and the admin's revocation and figures.
import { z } from "zod";
import { bodyObjectError } from "../lib/common.ts";
import { CERTIFICATE_MESSAGES as M, CERTIFICATE_NAME_MAX, REVOKE_REASON_MAX } from "./certificate-texts.ts";

export * from "./certificate-texts.ts";

export const CERTIFICATE_STATES = ["valid", "revoked"] as const;

export const CertificateSchema = z.object({
  _id: z.string(),
  status: z.enum(CERTIFICATE_STATES),
  /** the learner's name as printed on it */
  name: z.string(),
  course: z.object({ _id: z.string(), title: z.string() }),
  instructor: z.string(),
  issuedAt: z.string(),
  revokedAt: z.string().nullable(),
  revokedReason: z.string().nullable(),
  /** the certificate issued in its place (a new name), when there is one */
  replacedBy: z.string().nullable(),
  /** its public page, its PDF, its credential and LinkedIn's add-to-profile address */
  url: z.string(),
  pdfUrl: z.string(),
  credentialUrl: z.string(),
  linkedInUrl: z.string(),
  issuer: z.object({ name: z.string(), url: z.string() }),
});
export type Certificate = z.infer<typeof CertificateSchema>;

const NameSchema = z
  .string({ error: M.nameRequired })
  .trim()
  .min(1, M.nameRequired)
  .max(CERTIFICATE_NAME_MAX, M.nameTooLong)
  // eslint-disable-next-line no-control-regex -- control characters and line breaks are what it refuses
  .refine((s) => !/[\u0000-\u001f\u007f]/.test(s), M.nameOneLine);

export const CertificateNameInputSchema = z.object({ name: NameSchema }, { error: bodyObjectError }).strict();

export const AccountCertificatesSchema = z.object({
  /** the name new certificates carry: chosen on /account, else the account's name */
  name: z.string(),
  /** whether the learner chose it (else it is the account's name) */
  chosen: z.boolean(),
  certificates: z.array(CertificateSchema),
});
export type AccountCertificates = z.infer<typeof AccountCertificatesSchema>;

export const RevokeInputSchema = z
  .object(
    {
      reason: z
        .string({ error: M.reasonRequired })
        .trim()
        .min(1, M.reasonRequired)
        .max(REVOKE_REASON_MAX, M.reasonTooLong),
    },
    { error: bodyObjectError },
  )
  .strict();

export const VerificationSchema = z.object({
  /** the signature, the issuer and the status list checked out */
  verified: z.boolean(),
  /** true: revoked; false: not revoked; null: could not be told */
  revoked: z.boolean().nullable(),
  errors: z.array(z.string()),
  /** the certificate it is, when it is one of ours */
  certificate: CertificateSchema.nullable(),
});
export type Verification = z.infer<typeof VerificationSchema>;

/** The admin's view of a course's completions and certificates. */
export const CourseCertificateRowSchema = z.object({
  _id: z.string(),
  userId: z.string(),
  email: z.string(),
  name: z.string(),
  status: z.enum(CERTIFICATE_STATES),
  issuedAt: z.string(),
  revokedAt: z.string().nullable(),
  revokedReason: z.string().nullable(),
});
export type CourseCertificateRow = z.infer<typeof CourseCertificateRowSchema>;

export const CourseCertificatesSchema = z.object({
  completions: z.number().int(),
  issued: z.number().int(),
  valid: z.number().int(),
  revoked: z.number().int(),
  certificates: z.array(CourseCertificateRowSchema),
});
export type CourseCertificates = z.infer<typeof CourseCertificatesSchema>;

/** Per course: completions and certificates (the figures' CSV). */
export const CertificateFigureSchema = z.object({
  courseId: z.string(),
  title: z.string(),
  completions: z.number().int(),
  issued: z.number().int(),
  valid: z.number().int(),
  revoked: z.number().int(),
});
export type CertificateFigure = z.infer<typeof CertificateFigureSchema>;
