// The YouTube and Vimeo players a post may embed (spec public-area §5 "embedded iframes are allowed";
// decision 021), without any HTML library: the server's allow-list (server/lib/sanitize.ts) keeps only
// these players, and the post page's play buttons (app/routes/post.tsx, decision 027) check an address
// again with the same rule before they make a player of it.

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
    return `https://vimeo.com/${id}${key && /^[a-f0-9]{6,20}$/i.test(key) ? `/${key}` : ""}`;
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
