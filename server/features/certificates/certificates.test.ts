// Certificates through the real app (issue 32), on both engines: issued once when a course is completed
// (20 last completions at once: one certificate, one e-mail with its PDF), the public page's facts, the PDF
// read back, the credential verified by Digital Bazaar's verifier against the served did.json and status
// list (valid; one character changed: invalid; refunded: revoked), a forged id, the learner's chosen name
// (issued again), and the admin's revoke and re-issue with a reason, refused to everyone else.
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  AccountCertificatesSchema,
  CERTIFICATE_MESSAGES as M,
  CertificateSchema,
  CourseCertificatesSchema,
  VerificationSchema,
  type Certificate,
} from "../../../contract/certificates/certificates.ts";
import { adminAudit, certificates, courses } from "../../db/schema.ts";
import { createAccount, type TestAccount } from "../../../tests/support/accounts.ts";
import { apiCaller, buyCourse, ok, refused } from "../../../tests/support/api-calls.ts";
import { makeCourse } from "../../../tests/support/factories.ts";
import { readOutbox } from "../../../tests/support/mail-parser.ts";
import { createTestApp, type TestApp } from "../../../tests/support/test-app.ts";
import { verifyBadge, type DidDocument } from "./credential/index.ts";

let t: TestApp;
let admin: TestAccount;
let learner: TestAccount;
let other: TestAccount;
let courseId: string;
let lessons: string[];
const call = apiCaller(
  () => t,
  () => admin,
);

const buy = (who: TestAccount) => buyCourse(t, who, courseId);

async function complete(who: TestAccount) {
  for (const id of lessons) await ok(await call("POST", `/api/lessons/${id}/progress`, { completed: true }, who));
}

const mine = async (who: TestAccount) =>
  AccountCertificatesSchema.parse(await ok(await call("GET", "/api/account/certificates", undefined, who)));

async function served(address: string): Promise<unknown> {
  const res = await t.request(address);
  expect(res.status, address).toBe(200);
  return res.json();
}

/** The outside verifier's answer for a credential, with the did.json and status list the app serves. */
async function check(credential: unknown) {
  const didDocument = (await served("/.well-known/did.json")) as DidDocument;
  const statusList = await served("/certificates/status/1");
  return verifyBadge(credential, { didDocument, statusList: statusList as object });
}

beforeAll(async () => {
  t = await createTestApp({ SIGN_IN_RATE_LIMIT: "1000", PAYMENT_RATE_LIMIT: "1000" });
  [admin, learner, other] = await Promise.all([createAccount(t, { admin: true }), createAccount(t), createAccount(t)]);
  const [course] = await t.db
    .insert(courses)
    .values(makeCourse({ title: "Cybersecurity Basics", instructor: "Ngozi Eze" }))
    .returning();
  courseId = course!.id;
  const chapter = (
    await ok<{ _id: string }>(
      await call("POST", `/api/admin/courses/${courseId}/chapters`, { title: "All", published: true }),
      201,
    )
  )._id;
  lessons = [];
  for (const title of ["One", "Two"]) {
    lessons.push(
      (
        await ok<{ _id: string }>(
          await call("POST", `/api/admin/chapters/${chapter}/lessons`, { title, kind: "text", published: true }),
          201,
        )
      )._id,
    );
  }
});

afterAll(async () => {
  await t?.close();
});

describe("issuing", () => {
  let cert: Certificate;

  it("issues one certificate and one e-mail when 20 last completions come at once", async () => {
    await ok(
      await call(
        "PUT",
        "/api/account/certificate-name",
        { name: "Ad\u00e9b\u00e1y\u1ecd\u0300 \u1eccl\u00e1b\u00eds\u00ed" },
        learner,
      ),
    );
    await buy(learner);
    await ok(await call("POST", `/api/lessons/${lessons[0]}/progress`, { completed: true }, learner));
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        call("POST", `/api/lessons/${lessons[1]}/progress`, { completed: true }, learner),
      ),
    );
    const done = await Promise.all(answers.map((r) => ok<{ courseCompleted?: boolean }>(r)));
    expect(done.filter((d) => d.courseCompleted)).toHaveLength(1);
    const list = await mine(learner);
    expect(list.certificates).toHaveLength(1);
    cert = list.certificates[0]!;
    expect(cert).toMatchObject({
      status: "valid",
      name: "Ad\u00e9b\u00e1y\u1ecd\u0300 \u1eccl\u00e1b\u00eds\u00ed",
      course: { _id: courseId, title: "Cybersecurity Basics" },
      instructor: "Ngozi Eze",
    });
    expect(cert._id).toMatch(/^[0-9a-f]{32}$/);

    await t.mailer.drain();
    const mails = readOutbox(t.outboxDir).filter((m) => m.to === learner.email && /certificate/i.test(m.subject));
    expect(mails).toHaveLength(1);
    const pdf = mails[0]!.attachments.find((a) => a.contentType === "application/pdf")!;
    expect(pdf.filename).toBe(`certificate-${cert._id}.pdf`);
    const dir = mkdtempSync(path.join(tmpdir(), "cert-"));
    writeFileSync(path.join(dir, "c.pdf"), pdf.content);
    const text = execFileSync("pdftotext", ["-enc", "UTF-8", path.join(dir, "c.pdf"), "-"]).toString();
    expect(text).toContain("Ad\u00e9b\u00e1y\u1ecd\u0300 \u1eccl\u00e1b\u00eds\u00ed");
    expect(text).toContain("Cybersecurity Basics");
    expect(text).toContain(cert._id);
  });

  it("shows anyone the certificate's facts, its PDF and its credential; a forged id is not found", async () => {
    const pub = CertificateSchema.parse(await ok(await call("GET", `/api/certificates/${cert._id}`, undefined, null)));
    expect(pub).toMatchObject({ status: "valid", revokedAt: null, name: cert.name });
    expect(pub.linkedInUrl).toMatch(/^https:\/\/www\.linkedin\.com\/profile\/add\?startTask=CERTIFICATION_NAME&/);
    const linkedIn = new URL(pub.linkedInUrl).searchParams;
    expect(linkedIn.get("certId")).toBe(cert._id);
    expect(linkedIn.get("certUrl")).toBe(pub.url);
    expect(linkedIn.get("name")).toBe("Cybersecurity Basics");

    const pdf = await t.request(`/certificates/${cert._id}/certificate.pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");

    const forged = cert._id.slice(0, -1) + (cert._id.endsWith("0") ? "1" : "0");
    for (const id of [forged, "1", "%27%20or%201%3D1", cert._id.toUpperCase()]) {
      expect(await refused(await call("GET", `/api/certificates/${id}`, undefined, null), 404)).toBe(M.notFound);
      expect((await t.request(`/certificates/${id}/credential.json`)).status).toBe(404);
      expect((await t.request(`/certificates/${id}/certificate.pdf`)).status).toBe(404);
    }
  });

  it("gives a credential an outside verifier accepts, and refuses once one character is changed", async () => {
    const credential = (await served(`/certificates/${cert._id}/credential.json`)) as Record<string, unknown>;
    const good = await check(credential);
    expect(good).toMatchObject({ verified: true, revoked: false });

    const altered = structuredClone(credential) as { credentialSubject: { name: string } };
    altered.credentialSubject.name = altered.credentialSubject.name.replace("\u00e9", "e");
    expect((await check(altered)).verified).toBe(false);

    // the same through the academy's check
    const api = VerificationSchema.parse(await ok(await call("POST", "/api/certificates/verify", altered, null)));
    expect(api.verified).toBe(false);
    expect(api.errors.length).toBeGreaterThan(0);
    const fine = VerificationSchema.parse(await ok(await call("POST", "/api/certificates/verify", credential, null)));
    expect(fine).toMatchObject({ verified: true, revoked: false, certificate: { _id: cert._id } });
    // the did.json never carries a secret
    expect(JSON.stringify(await served("/.well-known/did.json"))).not.toMatch(/secret/i);
  });

  it("issues it again when the learner changes the name on it, revoking the old one", async () => {
    const res = await ok<{ reissued: number }>(
      await call("PUT", "/api/account/certificate-name", { name: "Adebayo Olabisi" }, learner),
    );
    expect(res.reissued).toBe(1);
    const list = await mine(learner);
    const fresh = list.certificates.find((c) => c.status === "valid")!;
    expect(fresh.name).toBe("Adebayo Olabisi");
    const old = list.certificates.find((c) => c._id === cert._id)!;
    expect(old).toMatchObject({ status: "revoked", revokedReason: M.renamedReason, replacedBy: fresh._id });
    expect((await check(await served(`/certificates/${cert._id}/credential.json`))).revoked).toBe(true);
    expect((await t.request(`/certificates/${cert._id}/certificate.pdf`)).status).toBe(409);
    // a bad name changes nothing
    expect(await refused(await call("PUT", "/api/account/certificate-name", { name: " " }, learner), 422)).toBe(
      M.nameRequired,
    );
    expect((await call("PUT", "/api/account/certificate-name", { name: "x" }, null)).status).toBe(401);
    cert = fresh;
  });

  it("lets only admins revoke and re-issue, with a reason, audited", async () => {
    for (const who of [learner, other]) {
      expect((await call("POST", `/api/admin/certificates/${cert._id}/revoke`, { reason: "x" }, who)).status).toBe(403);
      expect((await call("POST", `/api/admin/certificates/${cert._id}/reissue`, { reason: "x" }, who)).status).toBe(
        403,
      );
      expect((await call("GET", `/api/admin/courses/${courseId}/certificates`, undefined, who)).status).toBe(403);
    }
    expect((await call("POST", `/api/admin/certificates/${cert._id}/revoke`, { reason: "x" }, null)).status).toBe(401);
    expect(await refused(await call("POST", `/api/admin/certificates/${cert._id}/revoke`, {}), 422)).toBe(
      M.reasonRequired,
    );
    const revoked = CertificateSchema.parse(
      await ok(await call("POST", `/api/admin/certificates/${cert._id}/revoke`, { reason: "Exam misconduct" })),
    );
    expect(revoked).toMatchObject({ status: "revoked", revokedReason: "Exam misconduct" });
    expect(
      await refused(await call("POST", `/api/admin/certificates/${cert._id}/revoke`, { reason: "again" }), 409),
    ).toBe(M.alreadyRevoked);
    const again = CertificateSchema.parse(
      await ok(await call("POST", `/api/admin/certificates/${cert._id}/reissue`, { reason: "Appeal upheld" })),
    );
    expect(again.status).toBe("valid");
    const audit = await t.db
      .select()
      .from(adminAudit)
      .where(and(eq(adminAudit.resource, "certificates"), eq(adminAudit.itemId, cert._id)));
    expect(audit.map((a) => a.action).sort()).toEqual(["reissue", "revoke"]);
    const course = CourseCertificatesSchema.parse(
      await ok(await call("GET", `/api/admin/courses/${courseId}/certificates`)),
    );
    expect(course).toMatchObject({ completions: 1, issued: 3, valid: 1, revoked: 2 });
    cert = again;
  });

  it("is revoked by a refund of the course: the status list and the page say so", async () => {
    const buyer = await createAccount(t);
    const reference = await buy(buyer);
    await complete(buyer);
    const [theirs] = (await mine(buyer)).certificates;
    expect(theirs!.status).toBe("valid");
    await ok(await call("POST", `/api/admin/payments/${reference}/refund`, { reason: "Asked for it" }));
    const after = CertificateSchema.parse(
      await ok(await call("GET", `/api/certificates/${theirs!._id}`, undefined, null)),
    );
    expect(after).toMatchObject({ status: "revoked", revokedReason: M.refundReason });
    const verdict = await check(await served(`/certificates/${theirs!._id}/credential.json`));
    expect(verdict).toMatchObject({ verified: true, revoked: true });
    const rows = await t.db.select().from(certificates).where(eq(certificates.userId, buyer.id));
    expect(rows).toHaveLength(1);
  });

  it("gives admins, and only them, the completions and certificates per course, and as CSV", async () => {
    const figures = await ok<Array<{ courseId: string; completions: number; issued: number; revoked: number }>>(
      await call("GET", "/api/admin/certificates/figures"),
    );
    expect(figures.find((f) => f.courseId === courseId)).toMatchObject({ completions: 2, issued: 4, revoked: 3 });
    expect((await call("GET", "/api/admin/certificates/figures", undefined, learner)).status).toBe(403);
    const asAdmin = { ...admin, image: null, role: "admin" as const, sessionId: "s", verifiedAt: null };
    const csv = await t.services.certificates.figuresCsv(asAdmin, new Date("2026-11-29T12:00:00Z"));
    expect(csv.fileName).toBe("certificates-2026-11-29.csv");
    expect(csv.body).toContain("Cybersecurity Basics,2,4,1,3");
  });
});
