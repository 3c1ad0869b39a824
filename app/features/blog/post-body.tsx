import { useEffect, useRef } from "react";
import {
  autoplayUrl,
  isAllowedVideoSrc,
  PLAY_CLASS,
  PLAYER_ALLOW,
  titleOfPlayLabel,
} from "../../../contract/lib/video-embed.ts";

// A post's body on its page (spec public-area §2 "Single post page"): HTML the server made from the
// stored body, sanitized on the way (server/lib/sanitize.ts renderPostPageHtml, decision 027), so only
// the allowed tags and attributes reach this point. Everything in it works without JavaScript: the
// pictures are lazy with their placeholder underneath, each player is a link to the video's page.
// With JavaScript, two small things more: a picture drops its placeholder once it is there (it would
// show through a transparent one, as MediaImage does for covers), and a play button becomes the
// player, which starts at once (the reader asked for it; nothing was loaded from the video's site before).

/** Once a picture is there, its placeholder goes (only the ones the server gave one). */
function reveal(img: HTMLImageElement) {
  if (img.style.backgroundImage && img.complete && img.naturalWidth > 0) img.style.backgroundImage = "none";
}

/** The player in place of its play button, focused; false when the button carries no allowed player. */
function play(button: HTMLAnchorElement): boolean {
  const src = button.dataset.embed ?? "";
  // (the server allows only these; checked again before anything is framed)
  if (!isAllowedVideoSrc(src)) return false;
  const frame = document.createElement("iframe");
  frame.src = autoplayUrl(src);
  frame.title = titleOfPlayLabel(button.textContent ?? "");
  frame.allow = PLAYER_ALLOW;
  frame.allowFullscreen = true;
  frame.loading = "lazy";
  frame.referrerPolicy = "strict-origin-when-cross-origin";
  button.replaceWith(frame);
  frame.focus();
  return true;
}

export function PostBody({ html, className = "" }: { html: string; className?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    root.querySelectorAll("img").forEach(reveal);
    // (load does not bubble: caught on the way down)
    const onLoad = (event: Event) => {
      if (event.target instanceof HTMLImageElement) reveal(event.target);
    };
    const onClick = (event: MouseEvent) => {
      // a new tab or window (modifier keys, another button) opens the video's page, as the link says
      if (
        event.defaultPrevented ||
        event.button !== 0 ||
        event.metaKey ||
        event.ctrlKey ||
        event.shiftKey ||
        event.altKey
      ) {
        return;
      }
      const button = event.target instanceof Element ? event.target.closest(`a.${PLAY_CLASS}`) : null;
      if (!(button instanceof HTMLAnchorElement) || !root.contains(button)) return;
      if (play(button)) event.preventDefault();
    };
    root.addEventListener("load", onLoad, true);
    root.addEventListener("click", onClick);
    return () => {
      root.removeEventListener("load", onLoad, true);
      root.removeEventListener("click", onClick);
    };
  }, [html]);
  return <div ref={ref} className={`post-body ${className}`} dangerouslySetInnerHTML={{ __html: html }} />;
}
