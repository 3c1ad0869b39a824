// Known XSS payloads (OWASP XSS filter evasion cheat sheet style, plus mutation-XSS and look-alike
// video hosts) and a checker that says whether HTML could run script once a browser has parsed it.
// Usable from Vitest and Playwright: assertNothingExecutable throws an Error (no test-runner import).
//
// The checker uses parse5, a parser that follows the HTML standard as browsers do (sanitize-html
// parses with htmlparser2, so a shared blind spot is less likely). It parses the HTML as the content
// of a <div> (as a post body is shown), then serializes that tree and parses it again, so that HTML
// which turns into something else when re-parsed (mutation XSS) is caught as well.
import { parseFragment, parse, serialize, type DefaultTreeAdapterMap } from "parse5";

type Node = DefaultTreeAdapterMap["node"];
type Element = DefaultTreeAdapterMap["element"];
type ParentNode = DefaultTreeAdapterMap["parentNode"];

export interface XssPayload {
  name: string;
  html: string;
  /**
   * False for the few payloads that are inert even unsanitized (a browser would not run them either)
   * but are kept to check the sanitizer does not make them live; the checker must not flag those raw.
   * Every other payload must be flagged raw (proof the checker can fail).
   */
  executableRaw?: false;
}

const B64_SCRIPT = "PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=="; // <script>alert(1)</script>

export const XSS_CORPUS: readonly XssPayload[] = [
  // script elements
  { name: "script tag", html: `<script>alert(1)</script>` },
  { name: "script with src, upper case", html: `<SCRIPT SRC=https://evil.example/xss.js></SCRIPT>` },
  // for filters that delete "<script>" once; a browser reads "scr<script" as one unknown tag name
  { name: "script split by a nested script", html: `<scr<script>ipt>alert(1)</scr</script>ipt>`, executableRaw: false },
  { name: "script after a paragraph", html: `<p>hello</p><script>document.cookie</script>` },
  // event handlers
  { name: "img onerror", html: `<img src=x onerror=alert(1)>` },
  { name: "img onerror, mixed case", html: `<IMG SRC=x OnErRoR="alert(1)">` },
  { name: "img onload on a local picture", html: `<img src="/media/seed/a.svg" onload="alert(1)">` },
  { name: "details ontoggle", html: `<details open ontoggle=alert(1)><summary>x</summary></details>` },
  { name: "input autofocus onfocus", html: `<input autofocus onfocus=alert(1)>` },
  { name: "audio onerror", html: `<audio src=x onerror=alert(1)></audio>` },
  { name: "video source onerror", html: `<video><source onerror="alert(1)"></video>` },
  { name: "custom element onpointerover", html: `<xss onpointerover=alert(1)>hover me</xss>` },
  { name: "marquee onstart", html: `<marquee onstart=alert(1)>x</marquee>` },
  { name: "link onclick next to a good href", html: `<a href="https://example.com" onclick="alert(1)">x</a>` },
  { name: "mailto link onclick", html: `<a href="mailto:hi@example.com" onclick="alert(1)">mail</a>` },
  { name: "code onclick", html: `<pre><code class="language-js" onclick="alert(1)">x</code></pre>` },
  { name: "eval of own src", html: `<img src=x:alert(alt) onerror=eval(src) alt=0>` },
  // javascript:, vbscript:, data: URLs
  { name: "javascript: link", html: `<a href="javascript:alert(1)">x</a>` },
  { name: "javascript: link, mixed case", html: `<a href="JaVaScRiPt:alert(1)">x</a>` },
  { name: "javascript: with a tab entity", html: `<a href="jav&#x09;ascript:alert(1)">x</a>` },
  { name: "javascript: with a literal tab", html: `<a href="jav\tascript:alert(1)">x</a>` },
  { name: "javascript: with a line break", html: `<a href="java\nscript:alert(1)">x</a>` },
  { name: "javascript: with &colon;", html: `<a href="javascript&colon;alert(1)">x</a>` },
  {
    name: "javascript: as decimal entities",
    html: `<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>`,
  },
  {
    name: "javascript: as hex entities",
    html: `<a href="&#x6A;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;&#x3A;alert(1)">x</a>`,
  },
  {
    name: "javascript: as zero-padded entities without semicolons",
    html: `<a href="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058alert(1)">x</a>`,
  },
  { name: "javascript: after spaces and a control character", html: `<a href=" &#14;  javascript:alert(1)">x</a>` },
  { name: "javascript: unquoted", html: `<a href=javascript:alert(1)>x</a>` },
  { name: "vbscript: link", html: `<a href="vbscript:msgbox(1)">x</a>` },
  { name: "data: HTML link", html: `<a href="data:text/html;base64,${B64_SCRIPT}">x</a>` },
  { name: "data: HTML link, plain", html: `<a href="data:text/html,<script>alert(1)</script>">x</a>` },
  { name: "data: SVG image", html: `<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">` },
  { name: "video poster javascript:", html: `<video poster="javascript:alert(1)"></video>` },
  // svg and math
  { name: "svg onload", html: `<svg onload=alert(1)>` },
  { name: "script inside svg", html: `<svg><script>alert(1)</script></svg>` },
  {
    name: "svg xlink:href javascript:",
    html: `<svg><a xlink:href="javascript:alert(1)"><text x="20" y="20">click</text></a></svg>`,
  },
  { name: "svg animate onbegin", html: `<svg><animate onbegin=alert(1) attributeName=x dur=1s>` },
  {
    name: "svg use with a data: document",
    html: `<svg><use href="data:image/svg+xml,<svg id='x' xmlns='http://www.w3.org/2000/svg'><image href='1' onerror='alert(1)' /></svg>#x"></use></svg>`,
  },
  { name: "math href javascript:", html: `<math href="javascript:alert(1)">click</math>` },
  {
    name: "math maction xlink:href",
    html: `<math><maction actiontype="statusline" xlink:href="javascript:alert(1)">click</maction></math>`,
  },
  // iframes
  { name: "iframe javascript:", html: `<iframe src="javascript:alert(1)"></iframe>` },
  { name: "iframe srcdoc", html: `<iframe srcdoc="<script>alert(1)</script>"></iframe>` },
  {
    name: "iframe srcdoc on an allowed player",
    html: `<iframe src="https://www.youtube.com/embed/abc" srcdoc="&lt;img src=x onerror=alert(1)&gt;"></iframe>`,
  },
  {
    name: "iframe onload on an allowed player",
    html: `<div data-youtube-video><iframe src="https://www.youtube.com/embed/abc" allowfullscreen onload="alert(1)"></iframe></div>`,
  },
  { name: "iframe host youtube.com.evil.com", html: `<iframe src="https://youtube.com.evil.com/embed/abc"></iframe>` },
  { name: "iframe path evil.com/youtube.com", html: `<iframe src="https://evil.com/youtube.com/embed/abc"></iframe>` },
  { name: "iframe protocol-relative //evil.com", html: `<iframe src="//evil.com/embed/abc"></iframe>` },
  {
    name: "iframe credentials youtube@evil",
    html: `<iframe src="https://www.youtube.com@evil.com/embed/abc"></iframe>`,
  },
  { name: "iframe backslash host", html: `<iframe src="https://evil.com\\@www.youtube.com/embed/abc"></iframe>` },
  { name: "iframe vimeo look-alike", html: `<iframe src="https://player.vimeo.com.evil.com/video/1"></iframe>` },
  { name: "iframe data:", html: `<iframe src="data:text/html;base64,${B64_SCRIPT}"></iframe>` },
  // ignored inside a <div> (a frameset can only replace a whole body)
  { name: "frameset", html: `<frameset><frame src="javascript:alert(1)"></frameset>`, executableRaw: false },
  // document-level elements
  { name: "meta refresh", html: `<meta http-equiv="refresh" content="0;url=javascript:alert(1)">` },
  { name: "base href", html: `<base href="javascript:alert(1)//"><a href="/x">x</a>` },
  { name: "link stylesheet", html: `<link rel="stylesheet" href="javascript:alert(1)">` },
  // forms
  { name: "form action", html: `<form action="javascript:alert(1)"><input type="submit"></form>` },
  { name: "button formaction", html: `<form><button formaction="javascript:alert(1)">go</button></form>` },
  {
    name: "button formaction outside its form",
    html: `<form id="f"></form><button form="f" formaction="javascript:alert(1)">go</button>`,
  },
  // styles
  { name: "style url(javascript:)", html: `<div style="background:url(javascript:alert(1))">x</div>` },
  { name: "style expression()", html: `<p style="width: expression(alert(1))">x</p>` },
  { name: "style element @import", html: `<style>@import 'https://evil.example/x.css';</style>` },
  // mutation XSS and nesting
  { name: "noscript title breakout", html: `<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>` },
  { name: "math/mglyph/style mXSS", html: `<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>` },
  { name: "svg/p/style mXSS", html: `<svg></p><style><a id="</style><img src=1 onerror=alert(1)>">` },
  { name: "style inside p", html: `<p><style><img src=x onerror=alert(1)></style></p>` },
  { name: "template", html: `<template><img src=x onerror=alert(1)></template>` },
  // object and embed
  { name: "object data javascript:", html: `<object data="javascript:alert(1)"></object>` },
  { name: "object data: HTML", html: `<object data="data:text/html;base64,${B64_SCRIPT}"></object>` },
  { name: "embed src javascript:", html: `<embed src="javascript:alert(1)">` },
  // unclosed tags
  { name: "unclosed img before a paragraph", html: `<img src=x onerror=alert(1) <p>after</p>` },
  { name: "unclosed javascript: link", html: `<a href="javascript:alert(1)">unclosed link` },
  // comments
  { name: "abruptly closed comment", html: `<!--><img src=x onerror=alert(1)>-->` },
  { name: "comment closed with --!>", html: `<!-- --!><img src=x onerror=alert(1)> -->` },
  { name: "img inside a comment", html: `<!--<img src=x onerror=alert(1)>-->`, executableRaw: false },
  {
    name: "conditional comment",
    html: `<!--[if gte IE 4]><script>alert(1)</script><![endif]-->`,
    executableRaw: false,
  },
  // attribute breakouts
  { name: "alt breakout with a stray quote", html: `<img src="/media/seed/a.svg" alt=""" onerror="alert(1)">` },
  {
    name: "attribute after a stray quote",
    html: `<a href="https://example.com" title="x" onmouseover="alert(1)" ">x</a>`,
  },
  {
    name: "escaped markup in a title",
    html: `<p title="&quot;&gt;&lt;img src=x onerror=alert(1)&gt;">x</p>`,
    executableRaw: false,
  },
  // backtick and NUL tricks
  { name: "backtick-quoted handler", html: "<img src=`x` onerror=`alert(1)`>" },
  { name: "NUL inside src", html: `<img src="x\u0000" onerror="alert(1)">` },
  { name: "NUL inside a tag name", html: `<scr\u0000ipt>alert(1)</scr\u0000ipt><img src=x onerror=alert(1)>` },
];

/** Elements that must never be in a post, whatever their attributes. */
const FORBIDDEN_ELEMENTS = new Set([
  "script",
  "style",
  "svg",
  "math",
  "form",
  "input",
  "button",
  "textarea",
  "select",
  "noscript",
  "template",
  "object",
  "embed",
  "applet",
  "frame",
  "frameset",
  "base",
  "meta",
  "link",
]);

/** Attributes holding a URL a browser may load or navigate to. */
const URL_ATTRIBUTES = new Set([
  "href",
  "src",
  "action",
  "formaction",
  "xlink:href",
  "data",
  "poster",
  "background",
  "lowsrc",
  "dynsrc",
  "codebase",
  "cite",
  "longdesc",
  "ping",
]);

const ALLOWED_VIDEO_HOSTS = new Set(["www.youtube.com", "youtube.com", "www.youtube-nocookie.com", "player.vimeo.com"]);

const HTML_NS = "http://www.w3.org/1999/xhtml";
const DANGEROUS_SCHEME = /^(javascript|vbscript|data):/;
const DANGEROUS_STYLE = /expression\s*\(|javascript:|vbscript:|url\s*\(|@import|behavior\s*:|-moz-binding/i;
/**
 * The one style a post page gives a body picture: its blurred placeholder, a resized picture of the
 * site's own /media (server/lib/sanitize.ts renderPostPageHtml). Any other url() is a problem.
 */
const PLACEHOLDER_STYLE =
  /^background-image:url\("\/media\/[A-Za-z0-9._~/-]+\?tr=[A-Za-z0-9,.:-]+(&v=[A-Za-z0-9]+)?"\)$/;

/** A URL as a browser reads its scheme: control characters and whitespace removed, lower case. */
function normalizeUrl(value: string): string {
  // eslint-disable-next-line no-control-regex -- removing control characters is the point
  return value.replace(/[\u0000-\u0020\u007f-\u009f]+/g, "").toLowerCase();
}

/** An https address on one of the video players' hosts, without credentials. */
function isVideoPlayer(src: string): boolean {
  try {
    const url = new URL(src.trim());
    return (
      url.protocol === "https:" && url.username === "" && url.password === "" && ALLOWED_VIDEO_HOSTS.has(url.hostname)
    );
  } catch {
    return false;
  }
}

function isElement(node: Node): node is Element {
  return "tagName" in node;
}

function attrName(attr: { name: string; prefix?: string }): string {
  return (attr.prefix ? `${attr.prefix}:${attr.name}` : attr.name).toLowerCase();
}

function problemsIn(root: ParentNode, where: string): string[] {
  const problems: string[] = [];
  const visit = (node: ParentNode) => {
    for (const child of node.childNodes) {
      if (!isElement(child)) continue;
      const tag = child.tagName.toLowerCase();
      const at = `<${tag}> (${where})`;
      if (FORBIDDEN_ELEMENTS.has(tag)) problems.push(`${at}: forbidden element`);
      else if (child.namespaceURI !== HTML_NS) problems.push(`${at}: element outside HTML (${child.namespaceURI})`);
      for (const attr of child.attrs) {
        const name = attrName(attr);
        if (name.startsWith("on")) problems.push(`${at}: event handler ${name}`);
        if (name === "srcdoc") problems.push(`${at}: srcdoc`);
        if (name === "style" && DANGEROUS_STYLE.test(attr.value) && !PLACEHOLDER_STYLE.test(attr.value)) {
          problems.push(`${at}: style ${attr.value}`);
        }
        // a play button's player (the page frames it when pressed): an https YouTube or Vimeo player only
        if (name === "data-embed" && !isVideoPlayer(attr.value)) {
          problems.push(`${at}: data-embed ${JSON.stringify(attr.value)} is not an https video player`);
        }
        if ((URL_ATTRIBUTES.has(name) || name.endsWith(":href")) && DANGEROUS_SCHEME.test(normalizeUrl(attr.value))) {
          problems.push(`${at}: ${name}=${JSON.stringify(attr.value)}`);
        }
        if (name === "srcset" && /(^|,)(javascript|vbscript|data):/.test(normalizeUrl(attr.value))) {
          problems.push(`${at}: srcset=${JSON.stringify(attr.value)}`);
        }
      }
      if (tag === "iframe") {
        const src = child.attrs.find((a) => attrName(a) === "src")?.value;
        if (src === undefined || !isVideoPlayer(src)) {
          problems.push(`${at}: iframe src ${JSON.stringify(src ?? null)} is not an https video player`);
        }
      }
      visit(child);
      if (tag === "template" && "content" in child) visit((child as DefaultTreeAdapterMap["template"]).content);
    }
  };
  visit(root);
  return problems;
}

/** The <div> a post body is put in, for parsing a fragment as a browser's innerHTML would. */
function divContext(): Element {
  const doc = parse("<!DOCTYPE html><html><head></head><body><div></div></body></html>");
  const html = doc.childNodes.find(isElement)!;
  const body = html.childNodes.filter(isElement).find((e) => e.tagName === "body")!;
  return body.childNodes.filter(isElement).find((e) => e.tagName === "div")!;
}

/**
 * What in `html` could run script or load a foreign document, as a list of problems (empty when
 * none): an element outside the allow-list's safe set, an on* attribute, a javascript:/vbscript:/data:
 * URL, srcdoc, a scripted style (any url() but a placeholder of the site's own), an iframe or a play
 * button's data-embed that is not an https YouTube or Vimeo player. Checked on the parsed HTML and on
 * the parse of its serialization.
 */
export function findExecutable(html: string): string[] {
  const first = parseFragment(divContext(), html, {});
  const second = parseFragment(divContext(), serialize(first), {});
  const problems = [...problemsIn(first, "parsed"), ...problemsIn(second, "re-parsed")];
  return [...new Set(problems)];
}

/** Throws, listing what it found, when `html` holds anything findExecutable reports. */
export function assertNothingExecutable(html: string): void {
  const problems = findExecutable(html);
  if (problems.length > 0) {
    throw new Error(`executable HTML:\n  ${problems.join("\n  ")}\nin: ${JSON.stringify(html)}`);
  }
}
