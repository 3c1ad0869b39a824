// The one HTML allow-list of the site (spec public-area §5 "Post body HTML is sanitized before display;
// embedded iframes are allowed with the attributes allowfullscreen, frameborder and src"; stack-notes
// "HTML sanitising": sanitize-html, never DOMPurify on a server-side DOM).
//
// - sanitizePostHtml: a post body (HTML written by a Tiptap editor). Run it when a body is stored and
//   again when it is shown; well-formed HTML (what the editor writes) comes out the same the second
//   time (badly nested input, such as a link inside a link, may be re-nested, never made unsafe).
// - plainText: titles, descriptions, comments, usernames: text in which HTML is never wanted.
//
// What a body may hold: paragraphs, headings, bold/italic/underline/strike, lists, quotes, code, rules
// and breaks; links (http, https, mailto or a path on this site; every link gets rel="noopener
// noreferrer nofollow", and a target only when it is _blank); images (http, https or /media/...; no
// data: URIs); YouTube and Vimeo player iframes with exactly src, allowfullscreen and frameborder;
// videos uploaded to this site (<video src="/media/uploads/<name>.mp4|webm" controls preload playsinline>,
// an optional poster that is an uploaded picture, width and height; controls always on). No
// style, no event handlers, no classes except `language-*` on code (syntax highlighting), no
// script/style/svg/math/form/noscript/template/object/embed.
import sanitizeHtml from "sanitize-html";

/** The hosts whose players a post may embed, and the path a player lives under on each. */
export const VIDEO_HOSTS: Readonly<Record<string, string>> = {
  "www.youtube.com": "/embed/",
  "youtube.com": "/embed/",
  "www.youtube-nocookie.com": "/embed/",
  "player.vimeo.com": "/video/",
};

/** Every link in a post carries this rel (no opener, no referrer, no ranking credit). */
export const LINK_REL = "noopener noreferrer nofollow";

/** A picture stored on this site: /media/ and a path without "..", "//", backslashes or escapes. */
const LOCAL_MEDIA = /^(?!.*\/\/)(?!.*\.\.)\/media\/[A-Za-z0-9._~/-]+$/;
const HTTP_URL = /^https?:\/\//i;

/** A video uploaded through the upload endpoint: /media/uploads/<name>.mp4 or .webm, nothing else. */
const UPLOADED_VIDEO = /^\/media\/uploads\/[A-Za-z0-9_-]+\.(?:mp4|webm)$/;
/** A picture uploaded through the upload endpoint (a video's poster). */
const UPLOADED_IMAGE = /^\/media\/uploads\/[A-Za-z0-9_-]+\.(?:png|jpg|jpeg|webp|gif|avif)$/;
const PRELOAD = new Set(["none", "metadata", "auto"]);
const DIMENSION = /^\d{1,4}$/;

/** Whether a <video> may play `src`: only a video uploaded to this site. */
export function isAllowedUploadedVideoSrc(src: string): boolean {
  return UPLOADED_VIDEO.test(src);
}

function isAllowedImageSrc(src: string): boolean {
  return LOCAL_MEDIA.test(src) || HTTP_URL.test(src);
}

/** A player URL: https, one of VIDEO_HOSTS, under its player path, no credentials or port. */
export function isAllowedVideoSrc(src: string): boolean {
  let url: URL;
  try {
    url = new URL(src);
  } catch {
    return false;
  }
  const prefix = VIDEO_HOSTS[url.hostname];
  return (
    url.protocol === "https:" &&
    prefix !== undefined &&
    url.username === "" &&
    url.password === "" &&
    url.port === "" &&
    url.pathname.startsWith(prefix) &&
    // the URL as written, not only as parsed: no backslashes, whitespace or look-alike tricks
    /^https:\/\/[a-z0-9.-]+\/[^\s\\]*$/i.test(src)
  );
}

const POST_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    "p",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "strong",
    "b",
    "em",
    "i",
    "u",
    "s",
    "strike",
    "del",
    "ul",
    "ol",
    "li",
    "blockquote",
    "pre",
    "code",
    "br",
    "hr",
    "a",
    "img",
    "iframe",
    "video",
    // Tiptap's YouTube node wraps its player in <div data-youtube-video>
    "div",
  ],
  allowedAttributes: {
    a: ["href", "target", "rel"],
    img: ["src", "alt", "title", "width", "height"],
    // title: a frame needs an accessible name (WCAG 4.1.2, axe "frame-title"); one is added when missing
    iframe: ["src", "allowfullscreen", "frameborder", "title"],
    video: ["src", "controls", "preload", "playsinline", "poster", "width", "height"],
    ol: ["start"],
    div: ["data-youtube-video"],
    code: ["class"],
  },
  allowedClasses: { code: ["language-*"] },
  allowedStyles: {},
  allowedSchemes: ["http", "https", "mailto"],
  // (a video's src and poster are site paths, never with a scheme: see transformTags.video)
  allowedSchemesByTag: { img: ["http", "https"], iframe: ["https"], video: [] },
  allowedSchemesAppliedToAttributes: ["href", "src", "cite", "action", "formaction", "srcset", "poster"],
  allowProtocolRelative: false,
  allowedIframeHostnames: Object.keys(VIDEO_HOSTS),
  allowIframeRelativeUrls: false,
  // these lose their text as well as their tags
  nonTextTags: ["script", "style", "textarea", "option", "noscript", "template", "title", "xmp", "noembed", "noframes"],
  disallowedTagsMode: "discard",
  allowVulnerableTags: false,
  transformTags: {
    a: (tagName, attribs) => {
      const out: sanitizeHtml.Attributes = {};
      if (attribs.href !== undefined) out.href = attribs.href;
      if (attribs.target === "_blank") out.target = "_blank";
      out.rel = LINK_REL;
      return { tagName, attribs: out };
    },
    img: (tagName, attribs) => {
      const { src, ...rest } = attribs;
      const trimmed = src?.trim();
      return {
        tagName,
        attribs: trimmed !== undefined && isAllowedImageSrc(trimmed) ? { src: trimmed, ...rest } : rest,
      };
    },
    iframe: (tagName, attribs) => {
      const { src, title, ...rest } = attribs;
      const trimmed = src?.trim();
      const name = title?.trim().slice(0, 200) || EMBED_TITLE;
      return {
        tagName,
        attribs: trimmed !== undefined && isAllowedVideoSrc(trimmed) ? { src: trimmed, ...rest, title: name } : rest,
      };
    },
    // Rebuilt from nothing: src only when it is an uploaded video, controls always, the rest when valid.
    video: (tagName, attribs) => {
      const src = attribs.src?.trim();
      const poster = attribs.poster?.trim();
      const preload = attribs.preload?.trim().toLowerCase();
      const out: sanitizeHtml.Attributes = {};
      if (src !== undefined && isAllowedUploadedVideoSrc(src)) out.src = src;
      out.controls = "";
      out.preload = preload !== undefined && PRELOAD.has(preload) ? preload : "metadata";
      out.playsinline = "";
      if (poster !== undefined && UPLOADED_IMAGE.test(poster)) out.poster = poster;
      for (const side of ["width", "height"] as const) {
        const value = attribs[side]?.trim();
        if (value !== undefined && DIMENSION.test(value)) out[side] = value;
      }
      return { tagName, attribs: out };
    },
  },
  // an image without a picture, a frame without a player and a video without an uploaded video are
  // dropped whole (<source> is not allowed: a video names its file in src)
  exclusiveFilter: (frame) =>
    (frame.tag === "img" || frame.tag === "iframe" || frame.tag === "video") && !frame.attribs.src,
};

/** The accessible name of an embedded player that came without a title. */
export const EMBED_TITLE = "Embedded video";

/** A post body reduced to the allow-list above. */
export function sanitizePostHtml(html: string): string {
  return sanitizeHtml(html, POST_OPTIONS);
}

const TEXT_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [],
  allowedAttributes: {},
  nonTextTags: POST_OPTIONS.nonTextTags,
  disallowedTagsMode: "discard",
};

/** sanitize-html writes text with these escaped, and only these. */
const ESCAPED: Readonly<Record<string, string>> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"' };

// eslint-disable-next-line no-control-regex -- removing control characters is the point
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

/**
 * Text with every tag (and the content of script, style and the like) removed and entities decoded,
 * for fields where HTML is never wanted. Text decoded into markup (`&lt;b&gt;`) is stripped in turn,
 * so the result holds no tag whatever is done with it, and plainText(plainText(s)) === plainText(s).
 * Control characters other than tab and line breaks are removed; spacing is otherwise kept.
 */
export function plainText(s: string): string {
  let text = s.replace(CONTROL, "");
  // Each round either changes nothing (done) or removes at least one tag, so it ends; the bound is
  // a guard against a parser surprise, after which any "<" left is dropped.
  for (let round = 0; round < 10; round++) {
    const next = sanitizeHtml(text, TEXT_OPTIONS)
      .replace(/&(amp|lt|gt|quot);/g, (e) => ESCAPED[e]!)
      .replace(CONTROL, "");
    if (next === text) return text;
    text = next;
  }
  return text.replace(/</g, "");
}
