// Page form posts with bodies no page sends (issue 7 "Bad input never gets a 500", found by fuzzing):
// a JSON, text, empty or broken multipart body answers 400 or the form with its error, on the page and
// on its `.data` twin (React Router's single fetch); a NUL character in a field comes back as that
// field's error and never reaches the database. Pages are served only by the production build, so these
// run here, through HTTP, rather than in Vitest (app/lib/forms.server.test.ts tests the helper itself);
// the screen size does not matter to them, so they run in the desktop project only.
import { FORM_MESSAGES } from "../../contract/lib/forms.ts";
import { expect, test } from "./support/fixtures.ts";

const PAGES = ["/login", "/register", "/contact", "/forgot-password", "/reset-password"] as const;
const TARGETS = PAGES.flatMap((path) => [path, `${path}.data`]);

/** The same text as the page shows it: in HTML, `'` is escaped and `\0` is written out as is. */
const inPage = (text: string) => text.replaceAll("'", "&#x27;");
/** The same text in a `.data` answer (React Router's turbo-stream: JSON strings). */
const inData = (text: string) => JSON.stringify(text).slice(1, -1);

const BOUNDARY = "----e2eBoundary";

const bad: Array<{ what: string; headers: Record<string, string>; data: string | Buffer }> = [
  { what: "a text body", headers: { "content-type": "text/plain" }, data: "identifier=ada&password=x" },
  { what: "an empty body", headers: {}, data: "" },
  {
    what: "a broken multipart body",
    headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}` },
    data: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="email"\r\n\r\nunfinished`,
  },
  { what: "multipart without a boundary", headers: { "content-type": "multipart/form-data" }, data: "email=a" },
  { what: "broken JSON", headers: { "content-type": "application/json" }, data: '{"email": ' },
  { what: "a JSON array", headers: { "content-type": "application/json" }, data: "[1, 2]" },
];

for (const target of TARGETS) {
  test.describe(`POST ${target} @desktop`, () => {
    for (const body of bad) {
      test(`with ${body.what} answers 400`, async ({ request }) => {
        const res = await request.post(target, { headers: body.headers, data: body.data, maxRedirects: 0 });
        expect(res.status()).toBe(400);
        if (!target.endsWith(".data")) expect(await res.text()).toContain("400");
      });
    }

    test("with a JSON object body answers the form with its errors", async ({ request }) => {
      const res = await request.post(target, {
        headers: { "content-type": "application/json" },
        data: JSON.stringify({ email: 42, identifier: 42, username: 42, password: 42, confirm: 7, message: 1 }),
        maxRedirects: 0,
      });
      expect(res.status()).toBe(200);
      expect(await res.text()).toMatch(/must be text|are not the same/);
    });
  });
}

test.describe("a NUL character in a field @desktop", () => {
  test("/login: the field's error, on the page and on .data", async ({ request }) => {
    const page = await request.post("/login", { form: { identifier: "ada\0", password: "secret123" } });
    expect(page.status()).toBe(200);
    const html = await page.text();
    expect(html).toContain(inPage(FORM_MESSAGES.nul("E-mail or username")));
    expect(html).toMatch(/name="identifier"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*name="identifier"/);

    const data = await request.post("/login.data", { form: { identifier: "ada", password: "secret\u0000123" } });
    expect(data.status()).toBe(200);
    expect(await data.text()).toContain(inData(FORM_MESSAGES.nul("Password")));
  });

  test("/register (multipart): the username's error, and the account is not created", async ({ request }) => {
    const res = await request.post("/register", {
      multipart: { username: "nul\0user", email: "nul-user@e2e.test", password: "secret123" },
    });
    expect(res.status()).toBe(200);
    expect(await res.text()).toContain(inPage(FORM_MESSAGES.nul("Username")));
    // signing in with the address finds no account
    const signIn = await request.post("/login.data", {
      form: { identifier: "nul-user@e2e.test", password: "secret123" },
    });
    expect(await signIn.text()).toContain("Wrong e-mail, username or password.");
  });

  test("/contact: the message's error, with the rest of the input kept", async ({ request }) => {
    const res = await request.post("/contact", {
      form: { name: "Ada", email: "ada@e2e.test", subject: "Other", message: "Hello\0there" },
    });
    expect(res.status()).toBe(200);
    const html = await res.text();
    expect(html).toContain(inPage(FORM_MESSAGES.nul("Message")));
    expect(html).toContain('value="ada@e2e.test"');
  });

  test("/forgot-password and /reset-password: the field's error", async ({ request }) => {
    const forgot = await request.post("/forgot-password.data", { form: { email: "a\0@e2e.test" } });
    expect(forgot.status()).toBe(200);
    expect(await forgot.text()).toContain(inData(FORM_MESSAGES.nul("E-mail")));

    const reset = await request.post("/reset-password.data", {
      form: { token: "t", password: "secret\u0000123", confirm: "secret\u0000123" },
    });
    expect(reset.status()).toBe(200);
    expect(await reset.text()).toContain(inData(FORM_MESSAGES.nul("New password")));

    const token = await request.post("/reset-password.data", {
      form: { token: "t\0", password: "secret123", confirm: "secret123" },
    });
    expect(token.status()).toBe(200);
    expect(await token.text()).toContain(inData(FORM_MESSAGES.nulForm));
  });
});
