// What an attacker sends that no page does (issue 15), against the production build, where the pages
// live: an open redirect through /login's ?redirectTo= (signed in, and through the form), a Host header
// that is no host name, and bodies that are no form posted to every page of app/pages.ts. All through
// HTTP, with no browser: the screen size does not matter, so desktop only.
import { readFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import path from "node:path";
import { PAGES, type PageEntry } from "../../app/pages.ts";
import { BAD_HOST_MESSAGE } from "../../server/http/input-guard.ts";
import { createAccount, signInByApi } from "./support/accounts.ts";
import { expect, test } from "./support/fixtures.ts";

const origin = () => ({ origin: new URL(test.info().project.use.baseURL!).origin });

test.describe("after sign-in, ?redirectTo= never leads to another site @desktop", () => {
  // As the issue found them: the query as sent, and what the page made of it.
  const ATTACKS = ["%2F.%2F%2Fevil.example", "%2F..%2F%2Fevil.example%2Fphish", "/..//evil.example/phish"];

  test("signed in: /login sends on to the home page, not to //evil.example", async ({ request, dataDir }) => {
    const account = await createAccount(request, dataDir);
    await signInByApi(request, account);
    for (const attack of ATTACKS) {
      const res = await request.get(`/login?redirectTo=${attack}`, { maxRedirects: 0 });
      expect(res.status(), attack).toBe(302);
      expect(res.headers().location, attack).toBe("/");
    }
    // a path on the site still works
    const fine = await request.get(`/login?redirectTo=${encodeURIComponent("/posts?sort=oldest")}`, {
      maxRedirects: 0,
    });
    expect(fine.headers().location).toBe("/posts?sort=oldest");
  });

  test("through the form: the hidden field, the query and a forged field all end at home", async ({
    request,
    dataDir,
  }) => {
    const account = await createAccount(request, dataDir);
    // the page's hidden field carries the home page, not the target (the form posts back to this address,
    // whose query the action checks again)
    const page = await (await request.get(`/login?redirectTo=${ATTACKS[0]}`)).text();
    expect(page).toMatch(/<input type="hidden" name="redirectTo" value="\/"\/>/);
    expect(page).not.toContain("//evil.example");

    const post = (url: string, redirectTo?: string) =>
      request.post(url, {
        headers: origin(),
        form: { identifier: account.email, password: account.password, ...(redirectTo ? { redirectTo } : {}) },
        maxRedirects: 0,
      });
    for (const attack of ATTACKS) {
      const viaQuery = await post(`/login?redirectTo=${attack}`);
      expect(viaQuery.status(), attack).toBe(302);
      expect(viaQuery.headers().location, attack).toBe("/");
      const viaField = await post("/login", decodeURIComponent(attack));
      expect(viaField.status(), attack).toBe(302);
      expect(viaField.headers().location, attack).toBe("/");
    }
  });
});

/** GET `path` from the server under test with the raw Host header `host`. */
function getWithHost(host: string, urlPath: string): Promise<{ status: number; body: string }> {
  const base = new URL(test.info().project.use.baseURL!);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: base.hostname, port: base.port, path: urlPath, method: "GET", headers: { Host: host } },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (body += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on("error", reject);
    req.end();
  });
}

test("a Host header that is no host name is a 400 with a message, on pages, /backend and /media @desktop", async () => {
  for (const urlPath of ["/", "/login", "/posts", "/admin", "/backend/health", "/media/seed/x.png", "/rss.xml"]) {
    const res = await getWithHost("x.9", urlPath);
    expect(res.status, urlPath).toBe(400);
    expect(res.body, urlPath).toContain(
      urlPath.startsWith("/backend/") ? JSON.stringify(BAD_HOST_MESSAGE) : BAD_HOST_MESSAGE,
    );
  }
});

/** Every page address of app/pages.ts (a sample value for each parameter) and whether its module has an action. */
function pageAddresses(slug: string): Array<{ url: string; action: boolean }> {
  const out: Array<{ url: string; action: boolean }> = [];
  const walk = (entries: readonly PageEntry[], parent: string) => {
    for (const entry of entries) {
      const here = entry.path ? `${parent}/${entry.path}` : parent;
      if (entry.children) walk(entry.children, here);
      if (!entry.path && !entry.index) continue; // a layout: its pages are its children
      const source = readFileSync(path.join("app", entry.file), "utf8");
      const url = (here || "/").replace(":slug", slug).replace(/:\w+/g, "0").replace("*", "no/such/page");
      out.push({ url, action: /export (async )?function action\b/.test(source) });
    }
  };
  walk(PAGES, "");
  return out;
}

const BOUNDARY = "----hardening";
const NOT_FORMS: Array<{ what: string; headers: Record<string, string>; data: string }> = [
  { what: "text/plain", headers: { "content-type": "text/plain" }, data: "userId=1&role=admin&intent=users.role" },
  {
    what: "junk multipart",
    headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}` },
    data: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="userId"\r\n\r\nunfinished`,
  },
  { what: "multipart without a boundary", headers: { "content-type": "multipart/form-data" }, data: "a=1" },
  { what: "no content type", headers: {}, data: "\u0001\u0002junk" },
];

test("every page action answers a body that is no form with 400, never 5xx, as admin @desktop", async ({
  request,
  dataDir,
}) => {
  test.setTimeout(120_000);
  const admin = await createAccount(request, dataDir, { admin: true });
  await signInByApi(request, admin);
  const { posts } = (await (await request.get("/backend/posts?limit=1")).json()) as { posts: Array<{ slug: string }> };
  const slug = posts[0]!.slug;
  const pages = pageAddresses(slug);
  expect(pages.filter((p) => p.action).map((p) => p.url)).toEqual(expect.arrayContaining(["/admin/users", "/logout"]));

  const problems: string[] = [];
  // (a page without an action answers 405, and React Router logs each such post as an error)
  for (const { url } of pages.filter((p) => p.action)) {
    for (const target of [url, `${url === "/" ? "/_root" : url}.data`]) {
      for (const body of NOT_FORMS) {
        const res = await request.post(target, {
          headers: { ...origin(), ...body.headers },
          data: body.data,
          maxRedirects: 0,
        });
        if (res.status() !== 400) problems.push(`POST ${target} (${body.what}) → ${res.status()}`);
      }
    }
  }
  expect(problems).toEqual([]);
  // still signed in: none of those bodies signed the admin out
  const me = (await (await request.get("/backend/api/me")).json()) as { username?: string } | null;
  expect(me?.username).toBe(admin.username);
});
