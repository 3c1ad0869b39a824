// The e-mail kit (decision 022): one layout with the academy's name and colours, both parts from the
// same content, every value escaped, images only from the message's own attachments.
import { readFileSync } from "node:fs";
import { describe, expect, it, vi } from "vitest";
import { emailElements, emailHtmlProblems, emailShape } from "../../../../tests/support/email-checks.ts";
import { XSS_CORPUS } from "../../../../tests/support/xss-corpus.ts";
import { EMAIL_COLORS, emailBrand, type EmailBrand } from "./brand.ts";
import { composeEmail, emailText, preloadEmailRenderer } from "./compose.ts";
import type { EmailContent } from "./content.ts";

const brand: EmailBrand = {
  name: "TechAfrica",
  url: "https://academy.example",
  postalAddress: "12 Marina Road, Lagos Island, Lagos, Nigeria",
};

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mMwTjvzHwAEmgJlrKcUDwAAAABJRU5ErkJggg==",
  "base64",
);

function content(overrides: Partial<EmailContent> = {}): EmailContent {
  return {
    to: "ngozi@example.com",
    subject: "Your receipt",
    kind: "receipt",
    preview: "₦120,000.00 paid",
    heading: "Your receipt",
    name: "Ngozi Okafor",
    blocks: [
      { kind: "paragraph", text: "Thank you for your payment." },
      {
        kind: "details",
        rows: [
          { label: "Item", value: "Full-Stack Web Development (course)" },
          { label: "Amount paid", value: "₦120,000.00", emphasis: true },
        ],
      },
      { kind: "button", label: "View your purchases", url: "https://academy.example/account" },
      { kind: "note", text: "Keep it for your records." },
    ],
    reason: "You got this e-mail because this address was given for a payment at TechAfrica.",
    ...overrides,
  };
}

describe("the layout", () => {
  it("carries the academy's name, a link home, the postal address, why it was sent, and the button", async () => {
    const mail = await composeEmail(brand, content());
    expect(mail).toMatchObject({ to: "ngozi@example.com", subject: "Your receipt", kind: "receipt" });
    const html = mail.html!;
    expect(html).toMatch(/^<!DOCTYPE html/);
    expect(html).toContain('<html dir="ltr" lang="en">');
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1"/>');
    expect(html).toContain(">TechAfrica</a>");
    expect(html).toContain('href="https://academy.example"');
    expect(html).toContain("12 Marina Road, Lagos Island, Lagos, Nigeria");
    expect(html).toContain("You got this e-mail because this address was given for a payment at TechAfrica.");
    expect(html).toContain("Hello Ngozi Okafor,");
    // the button: a link in the brand colour
    const button = emailElements(html).find((el) =>
      el.attrs.some((a) => a.value === "https://academy.example/account"),
    );
    expect(button?.tagName).toBe("a");
    expect(button?.attrs.find((a) => a.name === "style")?.value).toContain(`background-color:${EMAIL_COLORS.brand700}`);
    // the header band and the accent line are the site's colours
    expect(html).toContain(
      `background-color:${EMAIL_COLORS.brand700};border-bottom:4px solid ${EMAIL_COLORS.accent400}`,
    );
    expect(emailHtmlProblems(html)).toEqual([]);
  });

  it("has a plain-text part saying the same, its first address the message's own link, the footer last", async () => {
    const mail = await composeEmail(brand, content());
    expect(mail.text).toBe(
      [
        "Your receipt",
        "",
        "Hello Ngozi Okafor,",
        "",
        "Thank you for your payment.",
        "",
        "Item: Full-Stack Web Development (course)",
        "Amount paid: ₦120,000.00",
        "",
        "View your purchases: https://academy.example/account",
        "",
        "Keep it for your records.",
        "",
        "-- ",
        "TechAfrica · https://academy.example",
        "12 Marina Road, Lagos Island, Lagos, Nigeria",
        "You got this e-mail because this address was given for a payment at TechAfrica.",
        "",
      ].join("\n"),
    );
    expect(/https?:\/\/\S+/.exec(mail.text)![0]).toBe("https://academy.example/account");
  });

  it("says 'Hello,' without a name, and leaves the postal address out when there is none", async () => {
    const mail = await composeEmail({ ...brand, postalAddress: null }, content({ name: "  " }));
    expect(mail.text).toContain("\nHello,\n");
    expect(mail.html).toContain(">Hello,</p>");
    expect(mail.text).not.toContain("Marina");
    expect(mail.html).not.toContain("Marina");
  });

  it("uses the site's colours from app/app.css", () => {
    const css = readFileSync("app/app.css", "utf8");
    const theme = (name: string) => new RegExp(`--color-${name}:\\s*(#[0-9a-f]{6})`).exec(css)?.[1];
    expect(EMAIL_COLORS.brand50).toBe(theme("brand-50"));
    expect(EMAIL_COLORS.brand700).toBe(theme("brand-700"));
    expect(EMAIL_COLORS.brand950).toBe(theme("brand-950"));
    expect(EMAIL_COLORS.accent400).toBe(theme("accent-400"));
  });

  it("takes the brand from the settings: SITE_NAME, PUBLIC_URL without its trailing slash, MAIL_POSTAL_ADDRESS", () => {
    expect(
      emailBrand({ SITE_NAME: "Academy", PUBLIC_URL: "https://academy.example/", MAIL_POSTAL_ADDRESS: undefined }),
    ).toEqual({ name: "Academy", url: "https://academy.example", postalAddress: null });
    expect(
      emailBrand({
        SITE_NAME: "Academy",
        PUBLIC_URL: "http://localhost:3000",
        MAIL_POSTAL_ADDRESS: "1 Broad St, Lagos",
      }),
    ).toEqual({ name: "Academy", url: "http://localhost:3000", postalAddress: "1 Broad St, Lagos" });
  });

  it("leaves no hydration markers or preload links in the HTML", async () => {
    const mail = await composeEmail(
      brand,
      content({
        attachments: [{ filename: "qr.png", contentType: "image/png", content: PNG, cid: "qr@test" }],
        blocks: [{ kind: "image", cid: "qr@test", alt: "QR", width: 240, height: 240 }],
      }),
    );
    expect(mail.html).not.toMatch(/<!--\/?\$|<!-- -->|<!--(html|head|body)-->|rel="preload"/);
    expect(mail.html).toMatch(/<img [^>]*src="cid:qr@test"/);
    expect(emailHtmlProblems(mail.html!)).toEqual([]);
    expect(mail.attachments).toHaveLength(1);
  });
});

describe("values are text, never markup", () => {
  const hostile = XSS_CORPUS.map((p) => p.html);

  it("escapes names, paragraphs, details and labels: the document's markup is the same as with plain values", async () => {
    const plain = await composeEmail(brand, content({ name: "Ngozi" }));
    for (const value of hostile) {
      const mail = await composeEmail(
        { ...brand, name: value, postalAddress: value },
        content({
          name: value,
          heading: value,
          preview: value,
          blocks: [
            { kind: "paragraph", text: value },
            {
              kind: "details",
              rows: [
                { label: value, value },
                { label: "Amount paid", value, emphasis: true },
              ],
            },
            { kind: "button", label: value, url: "https://academy.example/account" },
            { kind: "note", text: value },
          ],
          reason: value,
        }),
      );
      // the same blocks with a harmless value
      const same = await composeEmail(
        { ...brand, name: "X", postalAddress: "X" },
        content({
          name: "X",
          heading: "X",
          preview: "X",
          blocks: [
            { kind: "paragraph", text: "X" },
            {
              kind: "details",
              rows: [
                { label: "X", value: "X" },
                { label: "Amount paid", value: "X", emphasis: true },
              ],
            },
            { kind: "button", label: "X", url: "https://academy.example/account" },
            { kind: "note", text: "X" },
          ],
          reason: "X",
        }),
      );
      // a line break in a paragraph or note is drawn as <br> (issue 29), nothing else is markup
      const withoutBreaks = emailShape(mail.html!).filter((tag) => tag !== "br[]");
      expect(withoutBreaks, value).toEqual(emailShape(same.html!));
      expect(emailShape(mail.html!).filter((tag) => tag === "br[]").length, value).toBe(
        2 * (value.split(/\r\n|\r|\n/).length - 1),
      );
      expect(emailHtmlProblems(mail.html!), value).toEqual([]);
      // the text part keeps the value as typed (it is not HTML)
      expect(mail.text).toContain(`\n\n${value}\n\n`);
    }
    expect(emailShape(plain.html!).length).toBeGreaterThan(20);
  });

  it("greets by a name in any script, but never repeats markup or an address given as a name", async () => {
    const named = async (name: string) => /Hello(.*),\n/.exec((await composeEmail(brand, content({ name }))).text)![1];
    expect(await named("Ọlábísí Àdìgún-Okafor")).toBe(" Ọlábísí Àdìgún-Okafor");
    expect(await named("Dr. O'Neil (Nina), ada_l")).toBe(" Dr. O'Neil (Nina), ada_l");
    for (const hostile of [
      "<script>alert(1)</script>",
      "Click http://evil.example/refund",
      "a@evil.example",
      "x\u0000y",
    ]) {
      const mail = await composeEmail(brand, content({ name: hostile }));
      expect(mail.text, hostile).toContain("\nHello,\n");
      expect(mail.html, hostile).toContain(">Hello,</p>");
      expect(mail.html, hostile).not.toMatch(/<script|evil\.example/);
    }
  });

  it("keeps a name to one line of at most 80 characters", async () => {
    const mail = await composeEmail(brand, content({ name: `Ada\r\n  Lovelace ${"y".repeat(100)}` }));
    const hello = /Hello (.*),\n/.exec(mail.text)![1]!;
    expect(hello).toMatch(/^Ada Lovelace y+…$/);
    expect(hello).toHaveLength(80);
  });

  it("makes only http(s) addresses clickable: a javascript: link is shown as text", async () => {
    const mail = await composeEmail(
      brand,
      content({
        blocks: [
          { kind: "button", label: "Open", url: "javascript:alert(1)" },
          { kind: "link", label: "Join the live stream", url: "data:text/html,<script>alert(1)</script>" },
        ],
      }),
    );
    expect(mail.html).not.toMatch(/href="(javascript|data):/);
    expect(mail.html).toContain("Open: javascript:alert(1)");
    expect(mail.text).toContain("Open: javascript:alert(1)");
    expect(emailHtmlProblems(mail.html!)).toEqual([]);
  });

  it("refuses an image that is not one of the message's attachments (no remote images)", async () => {
    await expect(
      composeEmail(brand, content({ blocks: [{ kind: "image", cid: "logo@x", alt: "", width: 1, height: 1 }] })),
    ).rejects.toThrow("cid:logo@x, which is not attached");
  });
});

describe("emailText", () => {
  it("leaves images out and spells out links after their label", () => {
    const text = emailText(
      brand,
      content({
        name: null,
        blocks: [
          { kind: "image", cid: "qr", alt: "QR code", width: 1, height: 1 },
          { kind: "link", label: "Join the live stream", url: "https://zoom.us/j/1" },
        ],
      }),
    );
    expect(text).toContain("Hello,\n\nJoin the live stream: https://zoom.us/j/1\n\n-- \n");
    expect(text).not.toContain("QR code");
  });
});

describe("preloadEmailRenderer", () => {
  it("loads the renderer in the background without a warning, and messages are made as before", async () => {
    const logger = { warn: vi.fn() };
    preloadEmailRenderer(logger);
    const mail = await composeEmail(brand, content());
    expect(mail.html).toContain("Hello Ngozi Okafor,");
    expect(logger.warn).not.toHaveBeenCalled();
  });
});

describe("a newsletter's blocks (decision 037)", () => {
  const newsletter = (overrides: Partial<EmailContent> = {}) =>
    content({
      subject: "November news",
      kind: "newsletter",
      name: null,
      blocks: [
        { kind: "paragraph", text: "New courses this month." },
        {
          kind: "picture",
          url: "https://cdn.example/banner.jpg",
          alt: "November news",
          href: "https://academy.example/courses",
        },
        {
          kind: "video",
          url: "https://youtu.be/dQw4w9WgXcQ",
          poster: "https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg",
        },
        { kind: "video", url: "https://videos.example/intro.mp4", poster: null },
      ],
      background: "#fef3c7",
      unsubscribeUrl: "https://academy.example/unsubscribe?token=abc",
      ...overrides,
    });

  it("draws a picture linked to its address, a video as a linked poster or a button (never a player), the background and the unsubscribe link", async () => {
    const mail = await composeEmail(brand, newsletter());
    const html = mail.html!;
    // remote pictures are the newsletter's own (the rest of the checks hold)
    expect(emailHtmlProblems(html).filter((p) => !p.startsWith("remote or missing image"))).toEqual([]);
    const images = emailElements(html).filter((el) => el.tagName === "img");
    expect(images.map((el) => el.attrs.find((a) => a.name === "src")?.value)).toEqual([
      "https://cdn.example/banner.jpg",
      "https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg",
    ]);
    expect(html).toContain('href="https://academy.example/courses"');
    expect(html).toContain('href="https://youtu.be/dQw4w9WgXcQ"');
    expect(html).toContain('href="https://videos.example/intro.mp4"');
    expect(html).not.toMatch(/<(video|iframe|object|embed)\b/i);
    expect(html).toContain("background-color:#fef3c7");
    expect(html).toContain('href="https://academy.example/unsubscribe?token=abc"');
    expect(mail.text).toContain("November news: https://academy.example/courses");
    expect(mail.text).toContain("Watch the video: https://youtu.be/dQw4w9WgXcQ");
    expect(mail.text).toContain("Watch the video: https://videos.example/intro.mp4");
    expect(mail.text).toMatch(/Unsubscribe: https:\/\/academy\.example\/unsubscribe\?token=abc\n$/);
  });

  it("shows this site's pictures as raster copies on PUBLIC_URL, never as SVG or the original upload (issue 29)", async () => {
    const mail = await composeEmail(
      brand,
      newsletter({
        blocks: [
          { kind: "picture", url: "https://academy.example/media/seed/blog-teaser.svg", alt: "Drawn" },
          {
            kind: "picture",
            url: "https://academy.example/media/uploads/photo-3000.jpg?tr=w-3000",
            alt: "Photo",
            href: "https://academy.example/blog",
          },
          { kind: "picture", url: "https://academy.example/media/uploads/logo.PNG", alt: "Logo" },
          {
            kind: "video",
            url: "https://videos.example/v.mp4",
            poster: "https://academy.example/media/seed/poster.svg",
          },
          // another site's picture is not ours to resize
          { kind: "picture", url: "https://cdn.example/banner.jpg", alt: "Theirs" },
        ],
      }),
    );
    const sources = emailElements(mail.html!)
      .filter((el) => el.tagName === "img")
      .map((el) => el.attrs.find((a) => a.name === "src")?.value ?? "");
    expect(sources).toEqual([
      "https://academy.example/media/seed/blog-teaser.svg?tr=w-1200,f-png",
      "https://academy.example/media/uploads/photo-3000.jpg?tr=w-1200,f-jpg&v=1",
      "https://academy.example/media/uploads/logo.PNG?tr=w-1200,f-png&v=1",
      "https://academy.example/media/seed/poster.svg?tr=w-1200,f-png",
      "https://cdn.example/banner.jpg",
    ]);
    for (const src of sources) {
      const url = new URL(src);
      expect(url.pathname.toLowerCase().endsWith(".svg") && !/\bf-(png|jpg)\b/.test(url.search), src).toBe(false);
      if (url.origin === "https://academy.example") expect(url.searchParams.get("tr"), src).toMatch(/,f-(png|jpg)$/);
    }
  });

  it("never makes a clickable or loaded non-http(s) address, nor a style from a colour that is none", async () => {
    const mail = await composeEmail(
      brand,
      newsletter({
        blocks: [
          { kind: "picture", url: "javascript:alert(1)", alt: "Banner" },
          { kind: "picture", url: "https://cdn.example/ok.jpg", alt: "Ok", href: "javascript:alert(2)" },
          { kind: "video", url: "javascript:alert(3)", poster: null },
          { kind: "video", url: "https://videos.example/v.mp4", poster: "data:image/png;base64,AAAA" },
        ],
        background: "red;background:url(https://evil.example/x)",
        unsubscribeUrl: "javascript:alert(4)",
      }),
    );
    const html = mail.html!;
    // shown as text at most, never an address of a link or a picture
    const addresses = emailElements(html).flatMap((el) =>
      el.attrs.filter((a) => a.name === "href" || a.name === "src").map((a) => a.value),
    );
    expect(addresses.filter((a) => !/^https:\/\//.test(a))).toEqual([]);
    expect(html).not.toContain("evil.example");
    expect(html).not.toContain("data:image");
    expect(html).toContain(`background-color:${EMAIL_COLORS.canvas}`);
    expect(mail.text).not.toContain("Unsubscribe:");
  });
});
