// Certificates (issue 32; decision 077). Issued once, in the transaction that records a course's completion
// (server/features/learning/completion.ts): an unguessable id, the learner's name as they chose it on
// /account, the course, its instructor, the date, a place in the revocation status list, and the Open
// Badges 3.0 credential signed with the academy's key; the e-mail with the PDF is queued in the same
// transaction, so a crash leaves either all of it or none. Revoked by a refund of the course, or by an admin
// with a reason (audited); a new name, or an admin's re-issue, revokes the old one and issues its successor.
import { randomBytes } from "node:crypto";
import { and, count, desc, eq, inArray, isNotNull, isNull, max, sql } from "drizzle-orm";
import {
  CERTIFICATE_ID_PATTERN,
  CERTIFICATE_MESSAGES as M,
  CertificateNameInputSchema,
  certificatePath,
  certificatePdfPath,
  credentialPath,
  linkedInAddUrl,
  RevokeInputSchema,
  type AccountCertificates,
  type Certificate,
  type CertificateFigure,
  type CourseCertificates,
  type Verification,
} from "../../../contract/certificates/certificates.ts";
import { describeIssues } from "../../../contract/lib/common.ts";
import type { Db } from "../../db/client.ts";
import { certificateNames, certificates, courseCompletions, courses, user } from "../../db/schema.ts";
import { Conflict, Invalid, NotFound, Unauthorized } from "../../lib/errors.ts";
import type { Logger } from "../../lib/logger.ts";
import { toCsv } from "../../lib/csv.ts";
import { formatLagosCsv } from "../../../contract/lib/dates.ts";
import { recordAudit } from "../admin/audit.ts";
import { requireAdmin, type Actor } from "../auth/actor.ts";
import type { Completion } from "../learning/learning.service.ts";
import type { Mailer } from "../mail/mail.service.ts";
import type { EmailBrand } from "../mail/templates/brand.ts";
import { certificateMail } from "./certificate-mail.ts";
import { renderCertificatePdf } from "./certificate-pdf.tsx";
import {
  didDocument,
  issueBadge,
  loadIssuerKeys,
  statusListCredential,
  verifyBadge,
  type DidDocument,
  type IssuerKeys,
  type SignedCredential,
} from "./credential/index.ts";

type Row = typeof certificates.$inferSelect;

export const CERTIFICATES_AUDIT = "certificates";

export interface CertificatesDeps {
  db: Db;
  mailer: Pick<Mailer, "queueIn" | "ready">;
  brand: EmailBrand;
  /** where the issuer's key ring lives (DATA_DIR) and the key given by the environment, if any */
  dataDir: string;
  signingKey?: string;
  logger?: Logger;
  now?: () => Date;
}

/** 128 random bits as 32 hex characters: the certificate's id and the last part of its address. */
export const newCertificateId = () => randomBytes(16).toString("hex");

export function createCertificatesService(deps: CertificatesDeps) {
  const { db, brand } = deps;
  const now = () => deps.now?.() ?? new Date();
  const base = brand.url;
  let keysPromise: Promise<IssuerKeys> | undefined;
  const keys = () =>
    (keysPromise ??= loadIssuerKeys({ dataDir: deps.dataDir, envKey: deps.signingKey, logger: deps.logger }).catch(
      (error: unknown) => {
        keysPromise = undefined;
        throw error;
      },
    ));

  const absolute = (path: string) => `${base}${path}`;

  function toCertificate(row: Row): Certificate {
    const url = absolute(certificatePath(row.id));
    return {
      _id: row.id,
      status: row.revokedAt ? "revoked" : "valid",
      name: row.name,
      course: { _id: row.courseId, title: row.courseTitle },
      instructor: row.instructor,
      issuedAt: row.issuedAt.toISOString(),
      revokedAt: row.revokedAt?.toISOString() ?? null,
      revokedReason: row.revokedReason,
      replacedBy: row.replacedBy,
      url,
      pdfUrl: absolute(certificatePdfPath(row.id)),
      credentialUrl: absolute(credentialPath(row.id)),
      linkedInUrl: linkedInAddUrl({
        courseTitle: row.courseTitle,
        organisation: brand.name,
        issuedAt: row.issuedAt.toISOString(),
        id: row.id,
        url,
      }),
      issuer: { name: brand.name, url: base },
    };
  }

  async function rowOf(executor: Db, id: string, lock = false): Promise<Row> {
    if (!CERTIFICATE_ID_PATTERN.test(id)) throw NotFound(M.notFound);
    const query = executor.select().from(certificates).where(eq(certificates.id, id));
    const [row] = lock ? await query.for("update") : await query;
    if (!row) throw NotFound(M.notFound);
    return row;
  }

  /** The name the learner's new certificates carry: the one chosen on /account, else the account's. */
  async function nameOf(executor: Db, userId: string): Promise<{ name: string; email: string; chosen: boolean }> {
    const [row] = await executor
      .select({ account: user.name, email: user.email, chosen: certificateNames.name })
      .from(user)
      .leftJoin(certificateNames, eq(certificateNames.userId, user.id))
      .where(eq(user.id, userId));
    if (!row) throw NotFound("Account not found");
    const name = (row.chosen ?? row.account ?? "").trim();
    return { name: name || row.email, email: row.email, chosen: row.chosen !== null };
  }

  /** The PDF of a certificate row, made the same way each time (its bytes depend on the row only). */
  function pdfOf(row: Row): Promise<Buffer> {
    return renderCertificatePdf({
      id: row.id,
      name: row.name,
      courseTitle: row.courseTitle,
      instructor: row.instructor,
      issuedAt: row.issuedAt,
      verifyUrl: absolute(certificatePath(row.id)),
      siteName: brand.name,
      siteUrl: base,
    });
  }

  /**
   * Issues a certificate for the learner and course inside `tx`: its row with the signed credential, and its
   * e-mail with the PDF (queued once per certificate). Call mailer.ready() before the transaction.
   */
  async function issueIn(tx: Db, userId: string, courseId: string, at: Date): Promise<Row> {
    const [course] = await tx
      .select({ title: courses.title, instructor: courses.instructor })
      .from(courses)
      .where(eq(courses.id, courseId));
    if (!course) throw NotFound("Course not found");
    const who = await nameOf(tx, userId);
    // the row first: it takes the next place in the status list, which the credential names
    const [placed] = await tx
      .insert(certificates)
      .values({
        id: newCertificateId(),
        userId,
        courseId,
        name: who.name.normalize("NFC"),
        courseTitle: course.title,
        instructor: course.instructor,
        issuedAt: at,
      })
      .returning();
    const credential = await issueBadge({
      keys: await keys(),
      publicUrl: base,
      siteName: brand.name,
      certificate: placed!,
    });
    const [row] = await tx.update(certificates).set({ credential }).where(eq(certificates.id, placed!.id)).returning();
    const pdf = await pdfOf(row!);
    const mail = await certificateMail({
      brand,
      to: who.email,
      certificate: toCertificate(row!),
      pdf,
    });
    await deps.mailer.queueIn(tx as never, mail, { dedupeKey: `certificate:${row!.id}` });
    deps.logger?.info("certificate issued", { certificateId: row!.id, courseId });
    return row!;
  }

  async function revokeIn(tx: Db, row: Row, reason: string, replacedBy: string | null = null): Promise<Row> {
    const [revoked] = await tx
      .update(certificates)
      .set({ revokedAt: now(), revokedReason: reason, replacedBy })
      .where(and(eq(certificates.id, row.id), isNull(certificates.revokedAt)))
      .returning();
    if (!revoked) throw Conflict(M.alreadyRevoked);
    return revoked;
  }

  /** The revocation list, signed again only when the revoked set changed (cached by its size and latest change). */
  let listCache: { key: string; list: SignedCredential } | undefined;
  async function statusList(): Promise<SignedCredential> {
    const [state] = await db
      .select({ n: count(), latest: max(certificates.revokedAt) })
      .from(certificates)
      .where(isNotNull(certificates.revokedAt));
    const key = `${state?.n ?? 0}:${state?.latest?.toISOString() ?? ""}`;
    if (listCache?.key === key) return listCache.list;
    const revoked = await db
      .select({ index: certificates.statusIndex })
      .from(certificates)
      .where(isNotNull(certificates.revokedAt));
    const list = await statusListCredential({
      keys: await keys(),
      publicUrl: base,
      revoked: revoked.map((r) => r.index),
      validFrom: state?.latest ?? new Date(0),
    });
    listCache = { key, list };
    return list;
  }

  async function did(): Promise<DidDocument> {
    return didDocument(await keys(), base);
  }

  const service = {
    /** Ready to issue inside a transaction: the mail queue known, the key loaded (before the transaction). */
    async prepare(): Promise<void> {
      await deps.mailer.ready();
      await keys();
    },

    /** A course newly completed (completion.ts): its certificate, in the completing transaction. */
    async onCompleted(tx: Db, completion: Completion): Promise<void> {
      await issueIn(tx, completion.userId, completion.courseId, completion.completedAt);
    },

    /** GET /api/certificates/{id}: public; a malformed or unknown id is 404. */
    async get(id: string): Promise<Certificate> {
      return toCertificate(await rowOf(db, id));
    },

    /** /certificates/{id}/certificate.pdf: a valid certificate's PDF (a revoked one's is no longer given out). */
    async pdf(id: string): Promise<{ fileName: string; body: Buffer }> {
      const row = await rowOf(db, id);
      if (row.revokedAt) throw Conflict(M.pdfRevoked);
      return { fileName: `certificate-${row.id}.pdf`, body: await pdfOf(row) };
    },

    /** /certificates/{id}/credential.json: the signed Open Badges credential (a revoked one's too: its list says so). */
    async credential(id: string): Promise<SignedCredential> {
      const row = await rowOf(db, id);
      if (!row.credential) throw NotFound(M.notFound);
      return row.credential;
    },

    statusList,
    didDocument: did,

    /** POST /api/certificates/verify: a credential file checked offline with the academy's key and list. */
    async verify(input: unknown): Promise<Verification> {
      const [doc, list] = await Promise.all([did(), statusList()]);
      const result = await verifyBadge(input, { didDocument: doc, statusList: list });
      let certificate: Certificate | null = null;
      const id =
        typeof input === "object" && input && "id" in input && typeof input.id === "string"
          ? /\/certificates\/([0-9a-f]{32})$/.exec(input.id)?.[1]
          : undefined;
      if (result.verified && id) certificate = await service.get(id).catch(() => null);
      return { verified: result.verified, revoked: result.revoked, errors: result.errors, certificate };
    },

    /** GET /api/account/certificates: the learner's certificates, newest first, and the name they carry. */
    async forAccount(actor: Actor | null): Promise<AccountCertificates> {
      if (!actor) throw Unauthorized("Please sign in to see your certificates.");
      const [who, rows] = await Promise.all([
        nameOf(db, actor.id),
        db.select().from(certificates).where(eq(certificates.userId, actor.id)).orderBy(desc(certificates.issuedAt)),
      ]);
      return { name: who.name, chosen: who.chosen, certificates: rows.map(toCertificate) };
    },

    /**
     * PUT /api/account/certificate-name: the name on the learner's certificates. Each valid certificate with
     * another name is issued again with it (the old one revoked, naming its successor; a new e-mail).
     */
    async setName(actor: Actor | null, input: unknown): Promise<{ name: string; reissued: number }> {
      if (!actor) throw Unauthorized("Please sign in to change the name on your certificates.");
      const parsed = CertificateNameInputSchema.safeParse(input);
      if (!parsed.success) throw Invalid(describeIssues(parsed.error.issues));
      const name = parsed.data.name.normalize("NFC");
      await service.prepare();
      return db.transaction(async (tx) => {
        await tx
          .insert(certificateNames)
          .values({ userId: actor.id, name })
          .onConflictDoUpdate({ target: certificateNames.userId, set: { name, updatedAt: now() } });
        const stale = await tx
          .select()
          .from(certificates)
          .where(and(eq(certificates.userId, actor.id), isNull(certificates.revokedAt)))
          .for("update");
        let reissued = 0;
        for (const row of stale.filter((r) => r.name !== name)) {
          await reissueIn(tx, row, M.renamedReason);
          reissued++;
        }
        return { name, reissued };
      });
    },

    /** An admin's revocation, with its reason, audited. */
    async revoke(actor: Actor | null, id: string, input: unknown): Promise<Certificate> {
      const admin = requireAdmin(actor);
      const parsed = RevokeInputSchema.safeParse(input);
      if (!parsed.success) throw Invalid(describeIssues(parsed.error.issues));
      return db.transaction(async (tx) => {
        const row = await rowOf(tx, id, true);
        const revoked = await revokeIn(tx, row, parsed.data.reason);
        await recordAudit(tx, admin, {
          action: "revoke",
          resource: CERTIFICATES_AUDIT,
          itemId: row.id,
          itemLabel: `${row.name}: ${row.courseTitle}`,
          before: { status: "valid" },
          after: { status: "revoked", reason: parsed.data.reason },
        });
        return toCertificate(revoked);
      });
    },

    /** An admin's re-issue: the certificate revoked (with the reason) and a new one issued in its place, audited. */
    async reissue(actor: Actor | null, id: string, input: unknown): Promise<Certificate> {
      const admin = requireAdmin(actor);
      const parsed = RevokeInputSchema.safeParse(input);
      if (!parsed.success) throw Invalid(describeIssues(parsed.error.issues));
      await service.prepare();
      return db.transaction(async (tx) => {
        const row = await rowOf(tx, id, true);
        // a revoked one can be issued again too (a revocation made by mistake): only the newest of a line
        if (row.replacedBy) throw Conflict(M.alreadyRevoked);
        const fresh = await reissueIn(tx, row, parsed.data.reason);
        await recordAudit(tx, admin, {
          action: "reissue",
          resource: CERTIFICATES_AUDIT,
          itemId: row.id,
          itemLabel: `${row.name}: ${row.courseTitle}`,
          before: { status: row.revokedAt ? "revoked" : "valid" },
          after: { status: "reissued", replacedBy: fresh.id, reason: parsed.data.reason },
        });
        return toCertificate(fresh);
      });
    },

    /** A refunded course purchase (refunds.service.ts, in its transaction): the buyer's certificate of it revoked. */
    async revokeForRefund(tx: Db, payment: { kind: string; itemId: string; userId: string | null; email: string }) {
      if (payment.kind !== "course") return;
      const owners = payment.userId
        ? [payment.userId]
        : (
            await tx
              .select({ id: user.id })
              .from(user)
              .where(and(eq(user.emailVerified, true), sql`lower(${user.email}) = ${payment.email.toLowerCase()}`))
          ).map((u) => u.id);
      if (owners.length === 0) return;
      const valid = await tx
        .select()
        .from(certificates)
        .where(
          and(
            inArray(certificates.userId, owners),
            eq(certificates.courseId, payment.itemId),
            isNull(certificates.revokedAt),
          ),
        )
        .for("update");
      for (const row of valid) await revokeIn(tx, row, M.refundReason);
    },

    /** The admin's course detail: its completions and certificates. */
    async forCourse(actor: Actor | null, courseId: string): Promise<CourseCertificates> {
      requireAdmin(actor);
      const [[completions], rows] = await Promise.all([
        db.select({ n: count() }).from(courseCompletions).where(eq(courseCompletions.courseId, courseId)),
        db
          .select({ c: certificates, email: user.email })
          .from(certificates)
          .innerJoin(user, eq(user.id, certificates.userId))
          .where(eq(certificates.courseId, courseId))
          .orderBy(desc(certificates.issuedAt)),
      ]);
      const list = rows.map(({ c, email }) => ({
        _id: c.id,
        userId: c.userId,
        email,
        name: c.name,
        status: c.revokedAt ? ("revoked" as const) : ("valid" as const),
        issuedAt: c.issuedAt.toISOString(),
        revokedAt: c.revokedAt?.toISOString() ?? null,
        revokedReason: c.revokedReason,
      }));
      const revoked = list.filter((c) => c.status === "revoked").length;
      return {
        completions: completions?.n ?? 0,
        issued: list.length,
        valid: list.length - revoked,
        revoked,
        certificates: list,
      };
    },

    /** The figures as a CSV file, named for the day (Lagos). */
    async figuresCsv(actor: Actor | null, at: Date): Promise<{ fileName: string; body: string }> {
      const rows = await service.figures(actor);
      return {
        fileName: `certificates-${formatLagosCsv(at).slice(0, 10)}.csv`,
        body: toCsv(
          ["Course", "Completions", "Certificates issued", "Valid", "Revoked"],
          rows.map((r) => [r.title, r.completions, r.issued, r.valid, r.revoked]),
        ),
      };
    },

    /** Per course: completions and certificates issued, valid and revoked (the admin's figures and CSV). */
    async figures(actor: Actor | null): Promise<CertificateFigure[]> {
      requireAdmin(actor);
      const [all, done, certs] = await Promise.all([
        db.select({ id: courses.id, title: courses.title }).from(courses).orderBy(courses.title),
        db
          .select({ courseId: courseCompletions.courseId, n: count() })
          .from(courseCompletions)
          .groupBy(courseCompletions.courseId),
        db
          .select({
            courseId: certificates.courseId,
            issued: count(),
            revoked: sql<number>`count(*) filter (where ${certificates.revokedAt} is not null)`.mapWith(Number),
          })
          .from(certificates)
          .groupBy(certificates.courseId),
      ]);
      const doneOf = new Map(done.map((d) => [d.courseId, d.n]));
      const certsOf = new Map(certs.map((c) => [c.courseId, c]));
      return all.map((c) => {
        const issued = certsOf.get(c.id)?.issued ?? 0;
        const revoked = certsOf.get(c.id)?.revoked ?? 0;
        return {
          courseId: c.id,
          title: c.title,
          completions: doneOf.get(c.id) ?? 0,
          issued,
          valid: issued - revoked,
          revoked,
        };
      });
    },
  };

  /** Revokes `row` for `reason` and issues its successor (same learner and course, their current name). */
  async function reissueIn(tx: Db, row: Row, reason: string): Promise<Row> {
    if (!row.revokedAt) await revokeIn(tx, row, reason);
    const fresh = await issueIn(tx, row.userId, row.courseId, now());
    await tx.update(certificates).set({ replacedBy: fresh.id }).where(eq(certificates.id, row.id));
    return fresh;
  }

  return service;
}

export type CertificatesService = ReturnType<typeof createCertificatesService>;
