// Checks for the HTML part of an e-mail (decision 022), shared by the API and browser tests: parsed
// with parse5 as a browser would, it lists what a business e-mail must not carry.
//
//   expect(emailHtmlProblems(mail.html)).toEqual([]);
import { parse, type DefaultTreeAdapterMap } from "parse5";

type Node = DefaultTreeAdapterMap["node"];
type Element = DefaultTreeAdapterMap["element"];

function* walk(node: Node): Generator<Node> {
  yield node;
  const children = "childNodes" in node ? node.childNodes : [];
  for (const child of children) yield* walk(child);
  if (node.nodeName === "template") yield* walk((node as Element & { content: Node }).content);
}

const attr = (el: Element, name: string) => el.attrs.find((a) => a.name === name)?.value;

/** The elements of a document, in order. */
export function emailElements(html: string): Element[] {
  return [...walk(parse(html))].filter((n): n is Element => "tagName" in n);
}

/** Every Content-ID an <img> refers to (cid:…), without the scheme. */
export function referencedCids(html: string): string[] {
  return emailElements(html)
    .filter((el) => el.tagName === "img")
    .map((el) => attr(el, "src") ?? "")
    .filter((src) => src.startsWith("cid:"))
    .map((src) => decodeURIComponent(src.slice("cid:".length)));
}

/**
 * What is wrong with an e-mail's HTML, as a list (empty when nothing): an image that is not a cid: or
 * data: one (a remote image: blocked by many mail apps, a tracker, data on a phone), any other
 * element that loads something (link, script, iframe, object, embed, a CSS url()), a link that is
 * not http(s) or mailto:, an on* attribute, and comments React leaves for hydration (`<!--$-->` …).
 */
export function emailHtmlProblems(html: string): string[] {
  const problems: string[] = [];
  for (const node of walk(parse(html))) {
    if (node.nodeName === "#comment") {
      const data = (node as DefaultTreeAdapterMap["commentNode"]).data;
      // Outlook's conditional comments are e-mail HTML's own; anything else is left-over noise.
      if (!/^\[if [^\]]+\]>[\s\S]*<!\[endif\]$/.test(data)) problems.push(`comment <!--${data}-->`);
      continue;
    }
    if (!("tagName" in node)) continue;
    const el = node;
    if (el.tagName === "img") {
      const src = attr(el, "src") ?? "";
      if (!/^(cid|data):/i.test(src)) problems.push(`remote or missing image src "${src}"`);
      if (attr(el, "srcset")) problems.push("an image with srcset");
    }
    if (["script", "iframe", "object", "embed", "link", "base", "form", "video", "audio"].includes(el.tagName)) {
      problems.push(`<${el.tagName}> element`);
    }
    if (el.tagName === "a") {
      const href = attr(el, "href") ?? "";
      if (!/^(https?:|mailto:)/i.test(href)) problems.push(`link to "${href}"`);
    }
    for (const a of el.attrs) {
      if (a.name.startsWith("on")) problems.push(`${a.name} attribute on <${el.tagName}>`);
      if (a.name === "background") problems.push(`background="${a.value}" on <${el.tagName}>`);
      if (a.name === "style" && /url\s*\(/i.test(a.value)) problems.push(`url() in the style of <${el.tagName}>`);
    }
    if (el.tagName === "style") problems.push("a <style> element (mail apps drop or rewrite it)");
  }
  return problems;
}

/** The document's tags and attribute names in order: equal for two messages when no value added markup. */
export function emailShape(html: string): string[] {
  return emailElements(html).map((el) => `${el.tagName}[${el.attrs.map((a) => a.name).join(",")}]`);
}
