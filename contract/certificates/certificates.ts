// Certificates (issue 32): issued once when a learner completes a course, each with an unguessable id that is
// the address of its public page; the PDF, the signed Open Badges 3.0 credential, the learner's own list, the
// name they want on them, and the admin's revocation and figures.
import { z } from "zod";
import type { DetailTableSpec } from "../admin/admin-resource.ts";
import { bodyObjectError } from "../lib/common.ts";
import { formatLagosDay } from "../lib/dates.ts";
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

// ---------------------------------------------------------------------------------------------------
// The back office's tables (the admin kit's DeclaredTable): a course's certificates with Revoke and Issue
// again (each with its reason), and the completions and certificates per course on the dashboard.

export const COURSE_CERTIFICATES: DetailTableSpec<CourseCertificateRow> = {
  id: "course-certificates",
  title: "Certificates",
  empty: "No certificates yet.",
  rowKey: (c) => c._id,
  columns: [
    { key: "name", header: "Name on it", rowHeader: true, text: (c) => c.name },
    { key: "email", header: "E-mail", text: (c) => c.email },
    { key: "issued", header: "Issued", text: (c) => formatLagosDay(c.issuedAt) },
    {
      key: "state",
      header: "State",
      text: (c) =>
        c.status === "valid" ? "Valid" : `Revoked ${formatLagosDay(c.revokedAt!)}: ${c.revokedReason ?? ""}`,
    },
  ],
  rowActions: [
    {
      intent: "certificate.revoke",
      label: "Revoke",
      name: (c) => `the certificate of ${c.name}`,
      reasonMax: REVOKE_REASON_MAX,
      when: (c) => c.status === "valid",
      done: M.revokedDone,
    },
    {
      intent: "certificate.reissue",
      label: "Issue again",
      name: (c) => `the certificate of ${c.name}`,
      reasonMax: REVOKE_REASON_MAX,
      done: M.reissuedDone,
    },
  ],
};

/** "2 completed · 3 certificates issued (2 valid, 1 revoked)" */
export const certificatesSummary = (c: Pick<CourseCertificates, "completions" | "issued" | "valid" | "revoked">) =>
  `${c.completions} completed · ${c.issued} certificate${c.issued === 1 ? "" : "s"} issued (${c.valid} valid, ${c.revoked} revoked)`;

export const CERTIFICATE_FIGURES: DetailTableSpec<CertificateFigure> = {
  id: "figure-certificates",
  title: "Completions and certificates by course",
  lead: "Since the start: learners who completed each course, and the certificates issued (valid, revoked).",
  empty: "No courses yet.",
  rowKey: (f) => f.courseId,
  columns: [
    { key: "course", header: "Course", rowHeader: true, text: (f) => f.title },
    { key: "completions", header: "Completions", alignEnd: true, text: (f) => String(f.completions) },
    { key: "issued", header: "Certificates issued", alignEnd: true, text: (f) => String(f.issued) },
    { key: "valid", header: "Valid", alignEnd: true, text: (f) => String(f.valid) },
    { key: "revoked", header: "Revoked", alignEnd: true, text: (f) => String(f.revoked) },
  ],
};

export const CERTIFICATES_CSV_PATH = "/admin/certificates.csv";
