// What the post editor's link and video buttons make of what the writer types (admin-back-office §2
// "Write post": "Video links to the two supported video sites are converted to embed URLs. A link on
// email-like text gets a mailto prefix."). The embed addresses are the ones the server's allow-list
// keeps (server/lib/sanitize.ts VIDEO_HOSTS): https://www.youtube.com/embed/{id} and
// https://player.vimeo.com/video/{id}.
import { playerUrl } from "../../../contract/lib/video-embed.ts";

/** A YouTube or Vimeo page or player address as the player address to embed, or null. */
export function toEmbedUrl(input: string): string | null {
  const typed = input.trim();
  // a bare youtu.be/… or vimeo.com/… is taken as https; the rule itself is the contract's (playerUrl)
  return playerUrl(/^[a-z][a-z0-9+.-]*:/i.test(typed) ? typed : `https://${typed}`);
}

const EMAIL = /^[^\s@<>()"']+@[^\s@<>()"']+\.[A-Za-z]{2,}$/;

/** Text that reads as an e-mail address (a@b.cc), with or without mailto: in front. */
export function isEmailLike(text: string): boolean {
  return EMAIL.test(text.trim().replace(/^mailto:/i, ""));
}

/**
 * The href of a link: an e-mail-like address (typed, or the selected text when nothing is typed) gets
 * mailto:, a bare host gets https://, http(s) and mailto stay; anything else (javascript:...) is null.
 */
export function linkHref(typed: string, selectedText = ""): string | null {
  const value = typed.trim() || selectedText.trim();
  if (!value) return null;
  if (isEmailLike(value)) return `mailto:${value.replace(/^mailto:/i, "")}`;
  if (/^https?:\/\/[^\s"'<>\\]+$/i.test(value)) return value;
  if (/^[a-z][a-z0-9+.-]*:/i.test(value)) return null;
  if (/^\/(?!\/)[^\s"'<>\\]*$/.test(value)) return value;
  if (/^[a-z0-9-]+(\.[a-z0-9-]+)+(\/[^\s"'<>\\]*)?$/i.test(value)) return `https://${value}`;
  return null;
}
