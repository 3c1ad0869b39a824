// The one HTML allow-list of the site (spec public-area §5 "Post body HTML is sanitized before display;
// embedded iframes are allowed with the attributes allowfullscreen, frameborder and src"; stack-notes
// "HTML sanitising": sanitize-html, never DOMPurify on a server-side DOM).
//
// - sanitizePostHtml: a post body (HTML written by a Tiptap editor). Run it when a body is stored and
//   again when it is shown; well-formed HTML (what the editor writes) comes out the same the second
//   time (badly nested input, such as a link inside a link, may be re-nested, never made unsafe).
// - renderPostPageHtml: a body as the post page shows it (decision 027): the same allow-list, every
//   picture lazy and, when it is ours, with srcset/sizes, width/height and its placeholder; every player
//   a play button. What the page adds is built from nothing and checked against patterns of its own.
// - plainText: the words of some HTML (whether a body holds any text). Titles and descriptions are not
//   passed through it: they are text, stored as typed and escaped where shown (issue 29).
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
import { isAllowedVideoSrc, PLAY_CLASS, playLabel, VIDEO_HOSTS, videoPageUrl } from "../../contract/lib/video-embed.ts";

// (the players' rule lives with the page's play buttons, which check it again in the browser)
export { isAllowedVideoSrc, VIDEO_HOSTS };

/** Every link in a post carries this rel (no opener, no referrer, no ranking credit). */
export const LINK_REL = "noopener noreferrer nofollow";

/** A picture stored on this site: /media/ and a path without "..", "//", backslashes or escapes. */
const LOCAL_MEDIA = /^(?!.*\/\/)(?!.*\.\.)\/media\/[A-Za-z0-9._~/-]+$/;
const HTTP_URL = /^https?:\/\//i;

/**
 * A video uploaded through the upload endpoint: /media/uploads/<name>.mp4 or .webm, nothing else (in the
 * upload's folder when it was given one, decision 065: /media/uploads/<folder>/<name>.mp4).
 */
const UPLOADED_VIDEO = /^\/media\/uploads\/(?:[A-Za-z0-9_-]+\/)*[A-Za-z0-9_-]+\.(?:mp4|webm)$/;
/** A picture uploaded through the upload endpoint (a video's poster). */
const UPLOADED_IMAGE = /^\/media\/uploads\/(?:[A-Za-z0-9_-]+\/)*[A-Za-z0-9_-]+\.(?:png|jpg|jpeg|webp|gif|avif)$/;
const PRELOAD = new Set(["none", "metadata", "auto"]);
const DIMENSION = /^\d{1,4}$/;

/** Whether a <video> may play `src`: only a video uploaded to this site. */
export function isAllowedUploadedVideoSrc(src: string): boolean {
  return UPLOADED_VIDEO.test(src);
}

function isAllowedImageSrc(src: string): boolean {
  return LOCAL_MEDIA.test(src) || HTTP_URL.test(src);
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
      // width and height are a number of pixels or nothing (the page sizes our pictures from the file)
      for (const side of ["width", "height"] as const) {
        const value = rest[side]?.trim();
        if (value === undefined) continue;
        if (DIMENSION.test(value)) rest[side] = value;
        else delete rest[side];
      }
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

/**
 * A post body reduced to the allow-list above. `address`, when given, sees every picture's and video's
 * address (img src, video src and poster) before the allow-list judges it, and answers the address to
 * judge instead: the write path makes this site's own addresses in any form (`/uploads/…`, absolute,
 * resized) its /media paths there (issue 29, decision 057).
 */
export function sanitizePostHtml(html: string, address?: (src: string, tag: "img" | "video") => string): string {
  if (!address) return sanitizeHtml(html, POST_OPTIONS);
  const map = (tag: "img" | "video", attribs: sanitizeHtml.Attributes, name: string) => {
    const value = attribs[name]?.trim();
    return value === undefined ? attribs : { ...attribs, [name]: address(value, tag) };
  };
  const transforms = POST_OPTIONS.transformTags!;
  const img = transforms.img as sanitizeHtml.Transformer;
  const video = transforms.video as sanitizeHtml.Transformer;
  return sanitizeHtml(html, {
    ...POST_OPTIONS,
    transformTags: {
      ...transforms,
      img: (tagName, attribs) => img(tagName, map("img", attribs, "src")),
      video: (tagName, attribs) => video(tagName, map("video", map("video", attribs, "src"), "poster")),
    },
  });
}

/**
 * What the post page shows for one picture of ours (built by server/features/blog/post-body.ts from
 * MediaImage's helpers): the size asked by default, the other sizes, the picture's own width and
 * height (the box is kept before it loads: no layout shift), and the tiny blurred placeholder.
 */
export interface PagePicture {
  /** /media/...?tr=… (or the picture's own /media path, when it is not to be resized) */
  src: string;
  /** candidates `/media/...?tr=… 480w`, separated by ", " */
  srcset?: string;
  sizes?: string;
  width?: number;
  height?: number;
  /** /media/...?tr=w-32,q-20,bl-10…, laid under the picture as its CSS background */
  placeholder?: string;
}

/** A resized picture of ours: a /media path, then tr (ImageKit's grammar) and an optional v. */
function isResizedMedia(url: string): boolean {
  const at = url.indexOf("?");
  if (at < 0) return false;
  return (
    LOCAL_MEDIA.test(url.slice(0, at)) && /^tr=[A-Za-z0-9,.:-]{1,200}(?:&v=[A-Za-z0-9]{1,20})?$/.test(url.slice(at + 1))
  );
}

const SRCSET_CANDIDATE = /^(\S+) (\d{1,5})w$/;
/** The srcset the page builds: resized pictures of ours only, each with a width descriptor. */
function isMediaSrcset(srcset: string): boolean {
  const candidates = srcset.split(/,\s+/);
  return (
    candidates.length <= 20 &&
    candidates.every((c) => {
      const m = SRCSET_CANDIDATE.exec(c);
      return m !== null && isResizedMedia(m[1]!);
    })
  );
}
/** A sizes list: media conditions and lengths, nothing that could end the attribute or hold a URL. */
const SIZES = /^[a-z0-9 ().,:+*/%-]{1,200}$/i;
const PAGE_DIMENSION = /^[1-9]\d{0,4}$/;
/** The one inline style of a body: the placeholder under a picture of ours. */
const PLACEHOLDER_STYLE =
  /^url\("\/(?!.*\/\/)(?!.*\.\.)media\/[A-Za-z0-9._~/-]+\?tr=[A-Za-z0-9,.:-]{1,200}(?:&v=[A-Za-z0-9]{1,20})?"\)$/;

function pageOptions(picture: (src: string) => PagePicture | null): sanitizeHtml.IOptions {
  return {
    ...POST_OPTIONS,
    allowedAttributes: {
      ...POST_OPTIONS.allowedAttributes,
      img: ["src", "alt", "title", "width", "height", "srcset", "sizes", "loading", "decoding", "style"],
      a: ["href", "target", "rel", "class", "data-embed"],
    },
    allowedClasses: { ...POST_OPTIONS.allowedClasses, a: [PLAY_CLASS] },
    allowedStyles: { img: { "background-image": [PLACEHOLDER_STYLE] } },
    transformTags: {
      ...POST_OPTIONS.transformTags,
      // Rebuilt from nothing: what the stored body says (src, alt, title), then what the page adds.
      img: (tagName, attribs) => {
        const src = attribs.src?.trim();
        const out: sanitizeHtml.Attributes = {};
        if (src === undefined || !isAllowedImageSrc(src)) return { tagName, attribs: out };
        const shown = picture(src);
        out.src = shown && (isResizedMedia(shown.src) || LOCAL_MEDIA.test(shown.src)) ? shown.src : src;
        if (shown?.srcset && isMediaSrcset(shown.srcset)) {
          out.srcset = shown.srcset;
          if (shown.sizes && SIZES.test(shown.sizes)) out.sizes = shown.sizes;
        }
        if (attribs.alt !== undefined) out.alt = attribs.alt;
        if (attribs.title !== undefined) out.title = attribs.title;
        const known = shown?.width !== undefined && shown.height !== undefined;
        for (const side of ["width", "height"] as const) {
          const value = known ? String(shown[side]) : attribs[side]?.trim();
          if (value !== undefined && PAGE_DIMENSION.test(value)) out[side] = value;
        }
        // every body picture waits until it is about to be seen (public-area §9 "lazy loaded")
        out.loading = "lazy";
        out.decoding = "async";
        if (shown?.placeholder && isResizedMedia(shown.placeholder)) {
          out.style = `background-image:url("${shown.placeholder}")`;
        }
        return { tagName, attribs: out };
      },
      // A player is a play button until the reader asks for it: a link to the video's page (what it is
      // without JavaScript), carrying the player's address for the page's script. Nothing is loaded
      // from the video's site before the click: no frame, no thumbnail, no script (decision 027).
      iframe: (_tagName, attribs): sanitizeHtml.Tag => {
        const src = attribs.src?.trim();
        if (src === undefined || !isAllowedVideoSrc(src)) return { tagName: "iframe", attribs: {} };
        const title = attribs.title?.trim().slice(0, 200) || EMBED_TITLE;
        return {
          tagName: "a",
          attribs: { href: videoPageUrl(src), class: PLAY_CLASS, "data-embed": src, rel: LINK_REL },
          text: playLabel(title),
        };
      },
    },
    exclusiveFilter: (frame) =>
      ((frame.tag === "img" || frame.tag === "video") && !frame.attribs.src) ||
      (frame.tag === "iframe" && !frame.attribs["data-embed"]),
  };
}

/**
 * A post body as the post page shows it: the body's allow-list (run sanitizePostHtml first), with
 * every picture lazy and, when `picture` knows it as ours, resized with srcset/sizes, its width and
 * height and its placeholder; every player a play button. The attributes the page adds are built here
 * from nothing and checked against patterns of their own, so none can come from the stored body.
 */
export function renderPostPageHtml(html: string, picture: (src: string) => PagePicture | null): string {
  return sanitizeHtml(html, pageOptions(picture));
}

/** The pictures of a body, in order, as written: src and alt (decoded; alt undefined when there is none). */
export function bodyPictures(html: string): Array<{ src: string; alt: string | undefined }> {
  const found: Array<{ src: string; alt: string | undefined }> = [];
  sanitizeHtml(html, {
    ...POST_OPTIONS,
    transformTags: {
      ...POST_OPTIONS.transformTags,
      img: (tagName, attribs) => {
        const src = attribs.src?.trim();
        if (src !== undefined && isAllowedImageSrc(src)) found.push({ src, alt: attribs.alt });
        return { tagName, attribs };
      },
    },
  });
  return found;
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
