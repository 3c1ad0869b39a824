import { useState } from "react";
import { autoplayUrl, isAllowedVideoSrc, PLAYER_ALLOW } from "../../../contract/lib/video-embed.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { Modal } from "./modal.tsx";

// A YouTube or Vimeo video behind a play button (decisions 027 and 030): nothing is asked of the video's
// site (no frame, no thumbnail, no script) until the visitor presses it, because our learners pay per
// megabyte. Pressed, the player opens in a dialog and starts at once; Escape, Close or a click beside
// it closes it, which stops the video (the frame goes), and the focus goes back to the button. Without JavaScript the button is a link to the
// video's page. A post's players are the same idea done on the post's HTML (app/features/blog/post-body.tsx).

/** A white disc with a triangle: the play sign, drawn inline (no request). */
function PlayIcon() {
  return (
    <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" className="h-7 w-7 shrink-0">
      <circle cx="12" cy="12" r="12" fill="currentColor" />
      <path d="M9.5 7.5v9l7-4.5z" className="fill-brand-800" />
    </svg>
  );
}

export function VideoPlayButton({
  player,
  page,
  title,
  label = "Watch our video",
  className = "",
}: {
  /** the player address (contract/lib/video-embed.ts playerUrl) */
  player: string;
  /** the video's page on its site (videoPageUrl): where the button leads without JavaScript */
  page: string;
  /** what the video is: the dialog's heading and the player's accessible name */
  title: string;
  /** the button's visible and accessible name */
  label?: string;
  className?: string;
}) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  // (the address comes from a rule already; checked again, as post-body.tsx does, before anything is framed)
  const playable = isAllowedVideoSrc(player);
  const content = (
    <>
      <PlayIcon />
      {label}
    </>
  );

  if (!playable) return null;
  if (!hydrated) {
    return (
      <a href={page} className={className}>
        {content}
      </a>
    );
  }
  return (
    <>
      <button type="button" aria-haspopup="dialog" onClick={() => setOpen(true)} className={className}>
        {content}
      </button>
      {open ? (
        <Modal frame="bare" labelledBy="video-player-title" onClose={() => setOpen(false)} className="max-w-5xl">
          <div className="rounded-2xl bg-slate-900 p-2 text-white shadow-2xl sm:p-3">
            <div className="flex items-center justify-between gap-3 px-2 pb-2 sm:px-1">
              <h2 id="video-player-title" className="text-sm font-semibold sm:text-base">
                {title}
              </h2>
              {/* The focus starts here, not in the player: a key pressed in the player's frame is the
                  player's, so Escape would no longer close the dialog. The player is one Tab away. */}
              <button
                type="button"
                data-autofocus
                onClick={() => setOpen(false)}
                className="inline-flex min-h-11 shrink-0 items-center gap-1 rounded-lg bg-white px-3 py-2 text-sm font-semibold text-slate-900 transition hover:bg-brand-50"
              >
                <span aria-hidden="true">✕</span> Close
              </button>
            </div>
            {/* 16:9, and never taller than the screen leaves room for (a phone held sideways) */}
            <div className="mx-auto aspect-video w-full max-w-[calc((100dvh-7rem)*16/9)] overflow-hidden rounded-lg bg-black">
              <iframe
                src={autoplayUrl(player)}
                title={title}
                allow={PLAYER_ALLOW}
                allowFullScreen
                // the visitor asked for it: load now, not when the browser thinks it is near
                loading="eager"
                referrerPolicy="strict-origin-when-cross-origin"
                className="h-full w-full border-0"
              />
            </div>
          </div>
        </Modal>
      ) : null}
    </>
  );
}
