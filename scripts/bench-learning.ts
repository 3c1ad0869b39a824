// The learning pages the benches open (issue 31), found at run time through the API: the first course of
// the catalogue, its free preview (the first lesson of the seed's first chapter, open to anyone) and its
// first video lesson (chapter 2 of the seed: only its learners and admins may open it). And an admin of
// the bench's own server (one of its ADMIN_EMAILS) signed in through the real endpoints: sign-up, the
// verification link from the e-mail in DATA_DIR/outbox, sign-in. Used by scripts/bench-front.ts,
// scripts/bench.ts and scripts/bench-video-start.ts.
import path from "node:path";
import type { Outline } from "../contract/learning/learning.ts";
import { cookieOf } from "../tests/support/accounts.ts";
import { readOutbox } from "../tests/support/mail-parser.ts";

export interface LearningPaths {
  /** /courses/{id} of the catalogue's first course */
  course: string;
  /** /learn/{course}/{lesson}: its first free preview */
  preview: string;
  /** /learn/{course}/{lesson}: its first video lesson (null when it has none) */
  video: string | null;
}

async function getJson<T>(base: string, urlPath: string): Promise<T> {
  const res = await fetch(`${base}${urlPath}`, { signal: AbortSignal.timeout(30_000) });
  if (!res.ok) throw new Error(`GET ${urlPath} answered ${res.status}`);
  return (await res.json()) as T;
}

/** The course page, its preview lesson's page and its video lesson's page on the server at `base`. */
export async function learningPaths(base: string): Promise<LearningPaths> {
  const courses = await getJson<Array<{ _id: string }>>(base, "/backend/api/courses");
  const id = Array.isArray(courses) ? courses[0]?._id : undefined;
  if (!id) throw new Error(`no course on ${base} (GET /backend/api/courses)`);
  const outline = await getJson<Outline>(base, `/backend/api/courses/${id}/outline`);
  const lessons = outline.chapters.flatMap((chapter) => chapter.lessons);
  const preview = lessons.find((lesson) => lesson.preview);
  if (!preview) throw new Error(`course ${id} has no free preview lesson`);
  const video = lessons.find((lesson) => lesson.kind === "video");
  return {
    course: `/courses/${id}`,
    preview: `/learn/${id}/${preview._id}`,
    video: video ? `/learn/${id}/${video._id}` : null,
  };
}

export interface AdminSession {
  /** the `Cookie` header value of the session */
  cookie: string;
  /** for `Authorization: Bearer …` */
  token: string;
}

/**
 * Signs `email` (one of the server's ADMIN_EMAILS, so an admin from its sign-up) up, opens the
 * verification link the server wrote to `dataDir`/outbox and signs in: the session's Cookie header (for
 * its pages) and bearer token (for its API writes).
 * `origin`: the server's PUBLIC_URL (its own pages' origin, which the sign-in endpoints check).
 */
export async function signedInAdmin(
  base: string,
  dataDir: string,
  email: string,
  origin = base,
): Promise<AdminSession> {
  const password = "bench admin password 42";
  const username = email
    .split("@")[0]!
    .replace(/[^a-z0-9_.]/gi, "_")
    .slice(0, 30);
  const post = (urlPath: string, body: unknown) =>
    fetch(`${base}${urlPath}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: origin },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
  const signUp = await post("/backend/api/auth/sign-up/email", {
    name: username,
    username,
    email,
    password,
    callbackURL: "/login?verified=1",
  });
  if (!signUp.ok) throw new Error(`the admin's sign-up answered ${signUp.status}: ${await signUp.text()}`);
  const outbox = path.join(dataDir, "outbox");
  const deadline = Date.now() + 30_000;
  let link: string | undefined;
  while (!link && Date.now() < deadline) {
    const mail = readOutbox(outbox).find((m) => m.to.toLowerCase().includes(email.toLowerCase()));
    link = mail ? /https?:\/\/[^\s<>"]+/.exec(mail.text)?.[0] : undefined;
    if (!link) await new Promise((resolve) => setTimeout(resolve, 200));
  }
  if (!link) throw new Error(`no verification e-mail to ${email} in ${outbox}`);
  const verified = await fetch(link.replace(/^https?:\/\/[^/]+/, base), { redirect: "manual" });
  if (verified.status >= 400) throw new Error(`the verification link answered ${verified.status}`);
  const signIn = await post("/backend/api/auth/sign-in/email", { email, password });
  if (!signIn.ok) throw new Error(`the admin's sign-in answered ${signIn.status}: ${await signIn.text()}`);
  const cookie = cookieOf(signIn);
  const token = signIn.headers.get("set-auth-token");
  if (!cookie || !token) throw new Error("the admin's sign-in set no session cookie or token");
  return { cookie, token };
}
