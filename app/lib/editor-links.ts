// What the post editor's link and video buttons make of what the writer types (admin-back-office §2
// "Write post": "Video links to the two supported video sites are converted to embed URLs. A link on
// email-like text gets a mailto prefix."). The embed addresses are the ones the server's allow-list
// keeps (server/lib/sanitize.ts VIDEO_HOSTS): https://www.youtube.com/embed/{id} and
// https://player.vimeo.com/video/{id}.

const YOUTUBE_ID = /^[A-Za-z0-9_-]{6,20}$/;
const VIMEO_ID = /^\d{1,12}$/;

/** A YouTube or Vimeo page or player address as the player address to embed, or null. */
export function toEmbedUrl(input: string): string | null {
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:/i.test(input.trim()) ? input.trim() : `https://${input.trim()}`);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  if (url.username || url.password || url.port) return null;
  const host = url.hostname.toLowerCase().replace(/^(www\.|m\.)/, "");
  const parts = url.pathname.split("/").filter(Boolean);
  let id: string | undefined;
  if (host === "youtube.com" || host === "youtube-nocookie.com") {
    if (parts[0] === "watch") id = url.searchParams.get("v") ?? undefined;
    else if (["embed", "shorts", "live", "v"].includes(parts[0] ?? "")) id = parts[1];
    if (id && YOUTUBE_ID.test(id)) return `https://www.youtube.com/embed/${id}`;
    return null;
  }
  if (host === "youtu.be") {
    id = parts[0];
    return id && YOUTUBE_ID.test(id) ? `https://www.youtube.com/embed/${id}` : null;
  }
  if (host === "vimeo.com") {
    id = parts.find((p) => VIMEO_ID.test(p));
    return id ? `https://player.vimeo.com/video/${id}` : null;
  }
  if (host === "player.vimeo.com" && parts[0] === "video") {
    id = parts[1];
    return id && VIMEO_ID.test(id) ? `https://player.vimeo.com/video/${id}` : null;
  }
  return null;
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
