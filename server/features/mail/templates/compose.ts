// The e-mail kit (decision 022): every message the site sends is made here, so that all of them look
// like the academy's and none is HTML glued together by hand.
//
//   const message = await composeEmail(emailBrand(env), {
//     to, subject: "Thanks for subscribing", preview: "…", heading: "You're on the list", name,
//     blocks: [{ kind: "paragraph", text: "…" }, { kind: "button", label: "Read the blog", url: `${brand.url}/blog` }],
//     reason: "You got this e-mail because you subscribed to the newsletter at …",
//   });
//   await mailer.send(message);
//
// One call gives both parts from the same content: the HTML (React Email, document.tsx: the layout with
// the academy's name and colours, the button, label/value rows, cid: images) and the plain text. Values
// are text, never HTML: the kit escapes them. Links are http(s) only; an image is one of the message's
// own attachments (no remote images: they are blocked by many mail apps and cost data).
//
// The HTML renderer is imported when first needed, not with this file: React Email's package loads its
// Tailwind support (about a second, which every test file and script would pay), and `node scripts/*.ts`
// (npm run admin, seed, migrate), which reaches this file through the server's start-up code, cannot
// read .tsx files at all. The server preloads it in the background once started (preloadEmailRenderer).
import { absoluteMediaUrl, isResizable } from "../../../../contract/lib/media-urls.ts";
import type { Logger } from "../../../lib/logger.ts";
import type { MailInput } from "../mail.service.ts";
import type { EmailBrand } from "./brand.ts";
import { greetingOf, WATCH_VIDEO, type EmailBlock, type EmailContent } from "./content.ts";

const NAME_MAX = 80;

function isWebAddress(url: string): boolean {
  if (!URL.canParse(url)) return false;
  const { protocol } = new URL(url);
  return protocol === "https:" || protocol === "http:";
}

/**
 * A name as it may be shown: one line, at most NAME_MAX characters, made of what names are made of
 * (letters in any script with their accents, digits, spaces and . , ' ’ ( ) _ -). Anything else (markup,
 * an address, "Click http://…") is not repeated back: a buyer types the name on a receipt, and the
 * e-mail goes to an address they typed too. Null: the message says "Hello,".
 */
function displayName(name: string | null | undefined): string | null {
  const tidy = (name ?? "").replace(/\s+/g, " ").trim();
  if (!tidy || !/^[\p{L}\p{M}\p{N}][\p{L}\p{M}\p{N} .,'’()_-]*$/u.test(tidy)) return null;
  return tidy.length > NAME_MAX ? `${tidy.slice(0, NAME_MAX - 1)}…` : tidy;
}

/**
 * The raster copy an e-mail shows of one of this site's /media pictures (issue 29; decision 063): Gmail
 * and Outlook show no SVG, and an original upload may be megabytes. The picture is drawn 552 px wide
 * (document.tsx): asked at twice that for sharp phone screens (snapped to the 1200 step), as PNG when
 * the source may be transparent or drawn (SVG, PNG, GIF), else as JPEG; an absolute address on
 * PUBLIC_URL. Any other address (another site's picture) stays as it is.
 */
export const EMAIL_PICTURE_WIDTH = 1200;

export function emailPictureUrl(brand: EmailBrand, url: string): string {
  if (!URL.canParse(url) || !URL.canParse(brand.url)) return url;
  const address = new URL(url);
  if (address.origin !== new URL(brand.url).origin || !isResizable(address.pathname)) return url;
  const format = /\.(svg|png|gif)$/i.test(address.pathname) ? "png" : "jpg";
  return absoluteMediaUrl(address.pathname, `w-${EMAIL_PICTURE_WIDTH},f-${format}`, brand.url) ?? url;
}

/**
 * The content as it will be drawn: a link that is not http(s) (a stored `javascript:` one, say) is shown
 * as text, never made clickable; an image must be one of the attachments.
 */
function checked(brand: EmailBrand, content: EmailContent): EmailContent {
  const cids = new Set((content.attachments ?? []).map((a) => a.cid).filter(Boolean));
  const blocks = content.blocks.map((block): EmailBlock => {
    if ((block.kind === "button" || block.kind === "link") && !isWebAddress(block.url)) {
      return { kind: "paragraph", text: `${block.label}: ${block.url}` };
    }
    if (block.kind === "picture") {
      if (!isWebAddress(block.url)) return { kind: "paragraph", text: block.alt };
      const url = emailPictureUrl(brand, block.url);
      if (block.href !== undefined && !isWebAddress(block.href)) return { kind: "picture", url, alt: block.alt };
      return { ...block, url };
    }
    if (block.kind === "video") {
      if (!isWebAddress(block.url)) return { kind: "paragraph", text: `${WATCH_VIDEO}: ${block.url}` };
      if (block.poster !== null && !isWebAddress(block.poster)) return { ...block, poster: null };
      if (block.poster !== null) return { ...block, poster: emailPictureUrl(brand, block.poster) };
    }
    if (block.kind === "image" && !cids.has(block.cid)) {
      throw new Error(`The e-mail "${content.subject}" shows the image cid:${block.cid}, which is not attached`);
    }
    return block;
  });
  const background = content.background && /^#[0-9a-f]{6}$/i.test(content.background) ? content.background : null;
  const unsubscribeUrl = content.unsubscribeUrl && isWebAddress(content.unsubscribeUrl) ? content.unsubscribeUrl : null;
  return { ...content, name: displayName(content.name), blocks, background, unsubscribeUrl };
}

function blockText(block: EmailBlock): string | null {
  switch (block.kind) {
    case "paragraph":
    case "note":
      return block.text;
    case "details":
      return block.rows.map((row) => `${row.label}: ${row.value}`).join("\n");
    case "button":
    case "link":
      return `${block.label}: ${block.url}`;
    case "image":
      return null; // its alt text is for the HTML; what it shows is in the text around it
    case "picture":
      return block.href ? `${block.alt}: ${block.href}` : null;
    case "video":
      return `${WATCH_VIDEO}: ${block.url}`;
  }
}

/**
 * The plain-text part: the same blocks, a line "Label: value" per detail, the button's address after
 * its label, then the footer after the usual "-- " signature line. The first address in it is the
 * message's own link (the footer's comes last), which mail apps and our tests follow.
 */
export function emailText(brand: EmailBrand, content: EmailContent): string {
  const body = [
    content.heading,
    ...(content.greeting === false ? [] : [greetingOf(content)]),
    ...content.blocks.map(blockText).filter((text): text is string => text !== null),
  ];
  const footer = [
    "-- ",
    `${brand.name} · ${brand.url}`,
    ...(brand.postalAddress ? [brand.postalAddress] : []),
    content.reason,
    ...(content.unsubscribeUrl ? [`Unsubscribe: ${content.unsubscribeUrl}`] : []),
  ];
  return `${body.join("\n\n")}\n\n${footer.join("\n")}\n`;
}

let renderer: Promise<typeof import("./document.tsx")> | undefined;

function loadRenderer() {
  renderer ??= import("./document.tsx").catch((error: unknown) => {
    renderer = undefined; // the next message tries again
    throw error;
  });
  return renderer;
}

/**
 * Loads the HTML renderer in the background (the server calls it at start), so that the first e-mail
 * after a start, often a sign-up's verification, does not wait for it.
 */
export function preloadEmailRenderer(logger: Pick<Logger, "warn">): void {
  loadRenderer().catch((error: unknown) =>
    logger.warn("the e-mail renderer could not be loaded yet", { error: String(error) }),
  );
}

/** The message for mailer.send / mailer.store: subject, HTML and plain-text parts, attachments. */
export async function composeEmail(brand: EmailBrand, content: EmailContent): Promise<MailInput> {
  const ready = checked(brand, content);
  const { renderEmailHtml } = await loadRenderer();
  return {
    to: ready.to,
    subject: ready.subject,
    ...(ready.kind ? { kind: ready.kind } : {}),
    text: emailText(brand, ready),
    html: await renderEmailHtml(brand, ready),
    ...(ready.attachments?.length ? { attachments: ready.attachments } : {}),
    ...(ready.headers && Object.keys(ready.headers).length > 0 ? { headers: ready.headers } : {}),
  };
}
