// The YouTube and Vimeo players a post may embed (spec public-area §5 "embedded iframes are allowed";
// decision 021), without any HTML library: the server's allow-list (server/lib/sanitize.ts) keeps only
// these players, and the post page's play buttons (app/routes/post.tsx, decision 027) check an address
// again with the same rule before they make a player of it. The post editor and the about page's hero
// (decision 030) turn a pasted YouTube or Vimeo link into a player address here too (playerUrl).

/** The hosts whose players a post may embed, and the path a player lives under on each. */
export const VIDEO_HOSTS: Readonly<Record<string, string>> = {
  "www.youtube.com": "/embed/",
  "youtube.com": "/embed/",
  "www.youtube-nocookie.com": "/embed/",
  "player.vimeo.com": "/video/",
};

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

const YOUTUBE_ID = /^[A-Za-z0-9_-]{6,20}$/;
const VIMEO_ID = /^\d{1,12}$/;
/** An unlisted Vimeo video's key: vimeo.com/{id}/{key}, or ?h={key} on its player. */
const VIMEO_KEY = /^[a-f0-9]{6,20}$/i;

/** The YouTube pages whose path names a video: /watch?v={id}, /embed/{id}, /shorts/{id}, /live/{id}, /v/{id}. */
const YOUTUBE_PATHS = new Set(["embed", "shorts", "live", "v"]);

/**
 * The player address of a YouTube or Vimeo link as someone pastes it (a writer in the post editor, an
 * admin in the hero's Video URL, admin-back-office §2 "Video links to the two supported video sites are
 * converted to embed URLs"), or null for anything else:
 * youtube.com/watch?v={id} (www., m., youtube-nocookie.com too), youtu.be/{id}, youtube.com/embed|shorts|live/{id}
 * → https://www.youtube.com/embed/{id}, the host the editor has always written (decision 027);
 * vimeo.com/{id}, vimeo.com/{id}/{key} (unlisted), vimeo.com/channels/…/{id}, player.vimeo.com/video/{id}
 * → https://player.vimeo.com/video/{id}, with ?h={key} for an unlisted one (its player refuses it without).
 * Only an http(s) address as written (no `//host`, no other scheme, no credentials or port, no
 * whitespace or backslashes), on exactly these hosts (not youtube.com.evil.example); the answer is
 * always one isAllowedVideoSrc keeps.
 */
export function playerUrl(link: string): string | null {
  if (!/^https?:\/\/[^\s\\]+$/i.test(link)) return null;
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return null;
  }
  if (url.username || url.password || url.port) return null;
  const host = url.hostname.replace(/^(www\.|m\.)/, "");
  const parts = url.pathname.split("/").filter(Boolean);
  if (host === "youtube.com" || host === "youtube-nocookie.com") {
    const id = parts[0] === "watch" ? url.searchParams.get("v") : YOUTUBE_PATHS.has(parts[0] ?? "") ? parts[1] : null;
    // (embed/videoseries is a playlist, not a video: its list would be lost)
    return id && id !== "videoseries" && YOUTUBE_ID.test(id) ? `https://www.youtube.com/embed/${id}` : null;
  }
  if (host === "youtu.be") {
    const id = parts[0];
    return id && YOUTUBE_ID.test(id) ? `https://www.youtube.com/embed/${id}` : null;
  }
  let id: string | undefined;
  let key: string | null | undefined;
  if (host === "vimeo.com") {
    const at = parts.findIndex((p) => VIMEO_ID.test(p));
    id = parts[at];
    key = parts[at + 1];
  } else if (url.hostname === "player.vimeo.com" && parts[0] === "video") {
    id = parts[1];
    key = url.searchParams.get("h");
  }
  if (!id || !VIMEO_ID.test(id)) return null;
  return `https://player.vimeo.com/video/${id}${key && VIMEO_KEY.test(key) ? `?h=${key}` : ""}`;
}

/**
 * The page of the video on its own site, for the play button without JavaScript (a link there):
 * youtube.com/watch?v=… or vimeo.com/…; for a player address of another shape (a playlist), the player
 * itself, which a browser can open as a page too.
 */
export function videoPageUrl(src: string): string {
  const url = new URL(src);
  const [kind, id, hash] = url.pathname.split("/").filter(Boolean);
  if (url.hostname === "player.vimeo.com" && kind === "video" && id && VIMEO_ID.test(id)) {
    // an unlisted video's key comes as ?h=…
    const key = url.searchParams.get("h") ?? hash;
    return `https://vimeo.com/${id}${key && VIMEO_KEY.test(key) ? `/${key}` : ""}`;
  }
  if (url.hostname !== "player.vimeo.com" && kind === "embed" && id && id !== "videoseries" && YOUTUBE_ID.test(id)) {
    const start = url.searchParams.get("start");
    return `https://www.youtube.com/watch?v=${id}${start && /^\d{1,6}$/.test(start) ? `&t=${start}s` : ""}`;
  }
  return url.href;
}

/** The player address to load once the reader asked for it: it starts playing at once. */
export function autoplayUrl(src: string): string {
  const url = new URL(src);
  url.searchParams.set("autoplay", "1");
  return url.href;
}

/** What a player's frame may do once the reader started it: play at once, full screen, picture in picture. */
export const PLAYER_ALLOW = "autoplay; encrypted-media; fullscreen; picture-in-picture";

/**
 * A video address as a page can show it (the about page's hero, spec public-area §2, decision 030):
 * - `file`: a video file a `<video>` element plays, our own `/media/…` path or an http(s) URL, whose
 *   path ends in .mp4, .webm, .ogg or .mov (a query after it is fine: signed CDN links have one);
 * - `player`: a YouTube or Vimeo link, with its player address and the video's page on its site.
 */
export type VideoSource = { kind: "file"; src: string } | { kind: "player"; src: string; page: string };

const VIDEO_FILE = /\.(mp4|webm|ogg|mov)$/i;
/** Characters no address of ours holds, as written: whitespace, controls, backslashes, quotes, angle brackets. */
const UNSAFE_CHARS = /[\s\p{Cc}\\"'<>]/u;

/**
 * What a video address an admin saved is: a file, a player (playerUrl) or, for anything else (a
 * picture, a page of another site, `javascript:`, `//host/a.mp4`), null: no video.
 */
export function classifyVideoUrl(value: string): VideoSource | null {
  const player = playerUrl(value);
  if (player) return { kind: "player", src: player, page: videoPageUrl(player) };
  if (value === "" || UNSAFE_CHARS.test(value)) return null;
  let url: URL;
  try {
    if (value.startsWith("/")) {
      if (value.startsWith("//")) return null;
      // (parsed for its path only: `/media/../x.mp4` is /x.mp4, not ours)
      url = new URL(value, "http://site.invalid");
      if (!url.pathname.startsWith("/media/")) return null;
    } else {
      if (!/^https?:\/\//i.test(value)) return null;
      url = new URL(value);
      if (url.username || url.password) return null;
    }
  } catch {
    return null;
  }
  return VIDEO_FILE.test(url.pathname) ? { kind: "file", src: value } : null;
}

/** The class of a player's play button in a post body (app.css draws it). */
export const PLAY_CLASS = "video-play";

const PLAY_PREFIX = "Play video: ";

/** The visible and spoken name of a play button: the video's title. */
export function playLabel(title: string): string {
  return `${PLAY_PREFIX}${title}`;
}

/** The video's title again, from a play button's text (the player's accessible name). */
export function titleOfPlayLabel(label: string): string {
  return label.startsWith(PLAY_PREFIX) ? label.slice(PLAY_PREFIX.length) : label;
}
