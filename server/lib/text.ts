// Characters that XML 1.0 forbids (https://www.w3.org/TR/xml/#charsets): C0 controls other than tab,
// line feed and carriage return, U+FFFE and U+FFFF, and UTF-16 surrogates that are not part of a pair.
// One of them in a post made /rss.xml unreadable for every feed reader (issue 15): xmllint stops at
// it and feedparser reports `bozo`. They carry no meaning in a title or a body, so they are removed
// when a post is saved and again when a feed is written (rows saved before may still hold them).
// Characters XML allows but discourages (DEL, C1 controls, other noncharacters) are kept: readers
// accept them, and a writer may have meant them.

// With the `u` flag a valid surrogate pair is one code point, so only lone halves match \p{Cs}.
const FORBIDDEN_SOURCE = String.raw`[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|\p{Cs}`;
const XML_FORBIDDEN = new RegExp(FORBIDDEN_SOURCE, "gu");
const HAS_FORBIDDEN = new RegExp(FORBIDDEN_SOURCE, "u");

/** `text` without the characters XML 1.0 forbids; everything else (emoji, RTL marks, tabs) unchanged. */
export function stripXmlForbidden(text: string): string {
  return text.replace(XML_FORBIDDEN, "");
}

/** Whether `text` holds a character XML 1.0 forbids. */
export function hasXmlForbidden(text: string): boolean {
  return HAS_FORBIDDEN.test(text);
}
