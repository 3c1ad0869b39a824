// Certificates over HTTP (issue 32). The API: a certificate's public facts, the learner's own list and the
// name they carry, a credential file checked, and the admin's revocation, re-issue and figures. The public
// files, outside /backend at stable addresses: the PDF and the credential of a certificate, the revocation
// status list and the academy's did:web document (the key that verifies every credential).
import type { OpenAPIHono } from "@hono/zod-openapi";
import { Hono, type Context } from "hono";
import { z } from "zod";
import {
  AccountCertificatesSchema,
  CertificateFigureSchema,
  CertificateNameInputSchema,
  CertificateSchema,
  CourseCertificatesSchema,
  RevokeInputSchema,
  VerificationSchema,
} from "../../../contract/certificates/certificates.ts";
import type { AppEnv } from "../../http/middleware.ts";
import type { BackendEnv } from "../../http/backend-env.ts";
import { defineRoute, errorResponse, jsonResponse } from "../../http/define-route.ts";
import { DomainError, STATUS_BY_CODE } from "../../lib/errors.ts";
import type { CertificatesService } from "./certificates.service.ts";
import { MAX_CREDENTIAL_BYTES, STATUS_LIST_PATH } from "./credential/index.ts";

const tags = ["Certificates"];
const Id = z.string().max(100);
const json = <S extends z.ZodType>(schema: S) => ({ required: true, content: { "application/json": { schema } } });

const getCertificate = defineRoute({
  access: "public",
  operationId: "getCertificate",
  method: "get",
  path: "/api/certificates/{id}",
  tags,
  summary: "A certificate's public facts: valid or revoked (with the date), the name, the course, the date",
  request: { params: z.object({ id: Id }) },
  responses: { 200: jsonResponse("The certificate", CertificateSchema), 404: errorResponse("No such certificate") },
});

const verifyCredential = defineRoute({
  access: "public",
  operationId: "verifyCredential",
  method: "post",
  path: "/api/certificates/verify",
  tags,
  summary: "Check a certificate's credential file (Open Badges 3.0) offline: its signature, issuer and revocation",
  description:
    "The body is the credential JSON as downloaded from /certificates/{id}/credential.json (at most 64 KB). " +
    "`verified` is the signature and issuer; `revoked` the status list's answer. A credential with one character " +
    "changed is `verified: false`, with the reason in `errors`.",
  request: { body: json(z.record(z.string(), z.unknown())) },
  responses: { 200: jsonResponse("The check", VerificationSchema) },
});

const accountCertificates = defineRoute({
  access: "user",
  operationId: "getAccountCertificates",
  method: "get",
  path: "/api/account/certificates",
  tags,
  summary: "The signed-in learner's certificates, and the name they carry",
  responses: { 200: jsonResponse("The certificates", AccountCertificatesSchema) },
});

const setCertificateName = defineRoute({
  access: "user",
  operationId: "setCertificateName",
  method: "put",
  path: "/api/account/certificate-name",
  tags,
  summary: "The name printed on the learner's certificates; each valid one with another name is issued again",
  request: { body: json(CertificateNameInputSchema) },
  responses: {
    200: jsonResponse("Saved", z.object({ name: z.string(), reissued: z.number().int() })),
    422: errorResponse("No name, or too long"),
  },
});

const revokeCertificate = defineRoute({
  access: "admin",
  operationId: "revokeCertificate",
  method: "post",
  path: "/api/admin/certificates/{id}/revoke",
  tags,
  summary: "Revoke a certificate, with the reason (audited)",
  request: { params: z.object({ id: Id }), body: json(RevokeInputSchema) },
  responses: {
    200: jsonResponse("The revoked certificate", CertificateSchema),
    404: errorResponse("No such certificate"),
    409: errorResponse("Already revoked"),
  },
});

const reissueCertificate = defineRoute({
  access: "admin",
  operationId: "reissueCertificate",
  method: "post",
  path: "/api/admin/certificates/{id}/reissue",
  tags,
  summary: "Issue a certificate again (a new id; the old one revoked with the reason, naming its successor)",
  request: { params: z.object({ id: Id }), body: json(RevokeInputSchema) },
  responses: {
    200: jsonResponse("The new certificate", CertificateSchema),
    404: errorResponse("No such certificate"),
    409: errorResponse("Already replaced, or the learner has a valid one"),
  },
});

const courseCertificates = defineRoute({
  access: "admin",
  operationId: "getCourseCertificates",
  method: "get",
  path: "/api/admin/courses/{id}/certificates",
  tags,
  summary: "A course's completions and certificates",
  request: { params: z.object({ id: Id }) },
  responses: { 200: jsonResponse("The certificates", CourseCertificatesSchema) },
});

const certificateFigures = defineRoute({
  access: "admin",
  operationId: "getCertificateFigures",
  method: "get",
  path: "/api/admin/certificates/figures",
  tags,
  summary: "Per course: completions and certificates issued, valid and revoked",
  responses: { 200: jsonResponse("The figures", z.array(CertificateFigureSchema)) },
});

export function registerCertificatesRoutes(app: OpenAPIHono<BackendEnv>, certificates: CertificatesService) {
  app.openapi(certificateFigures, async (c) => c.json(await certificates.figures(c.get("actor")), 200));
  app.openapi(verifyCredential, async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(await certificates.verify(c.req.valid("json")), 200);
  });
  app.openapi(getCertificate, async (c) => {
    c.header("Cache-Control", "public, max-age=0, must-revalidate");
    return c.json(await certificates.get(c.req.valid("param").id), 200);
  });
  app.openapi(accountCertificates, async (c) => {
    c.header("Cache-Control", "private, no-store");
    return c.json(await certificates.forAccount(c.get("actor")), 200);
  });
  app.openapi(setCertificateName, async (c) =>
    c.json(await certificates.setName(c.get("actor"), c.req.valid("json")), 200),
  );
  app.openapi(revokeCertificate, async (c) =>
    c.json(await certificates.revoke(c.get("actor"), c.req.valid("param").id, c.req.valid("json")), 200),
  );
  app.openapi(reissueCertificate, async (c) =>
    c.json(await certificates.reissue(c.get("actor"), c.req.valid("param").id, c.req.valid("json")), 200),
  );
  app.openapi(courseCertificates, async (c) =>
    c.json(await certificates.forCourse(c.get("actor"), c.req.valid("param").id), 200),
  );
}

/** The verify route's body limit: a credential is a few kilobytes. */
export const CREDENTIAL_VERIFY_PATH = "/backend/api/certificates/verify";
export { MAX_CREDENTIAL_BYTES };

async function answer(c: Context, make: () => Promise<Response>): Promise<Response> {
  try {
    return await make();
  } catch (error) {
    if (error instanceof DomainError)
      return c.json({ error: { code: error.code, message: error.message } }, STATUS_BY_CODE[error.code]);
    throw error;
  }
}

/** The public files: /certificates/{id}/certificate.pdf and credential.json, the status list, did.json. */
export function createCertificateFileRoutes(certificates: CertificatesService) {
  const app = new Hono<AppEnv>();
  const jsonLd = (c: Context, body: unknown, cache: string) =>
    c.body(JSON.stringify(body, null, 2), 200, {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": cache,
      "Access-Control-Allow-Origin": "*",
      "X-Content-Type-Options": "nosniff",
    });

  app.get("/.well-known/did.json", (c) =>
    answer(c, async () => jsonLd(c, await certificates.didDocument(), "public, max-age=300")),
  );
  app.get(STATUS_LIST_PATH, (c) =>
    answer(c, async () => jsonLd(c, await certificates.statusList(), "public, max-age=0, must-revalidate")),
  );
  app.get("/certificates/:id/credential.json", (c) =>
    answer(c, async () => {
      const credential = await certificates.credential(c.req.param("id"));
      const res = jsonLd(c, credential, "public, max-age=0, must-revalidate");
      res.headers.set("Content-Disposition", `attachment; filename="credential-${c.req.param("id")}.json"`);
      return res;
    }),
  );
  app.get("/certificates/:id/certificate.pdf", (c) =>
    answer(c, async () => {
      const { fileName, body } = await certificates.pdf(c.req.param("id"));
      return c.body(new Uint8Array(body), 200, {
        "Content-Type": "application/pdf",
        "Content-Disposition": `inline; filename="${fileName}"`,
        "Cache-Control": "public, max-age=0, must-revalidate",
        "X-Content-Type-Options": "nosniff",
      });
    }),
  );
  return app;
}
