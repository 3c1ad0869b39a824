// A lesson's uploaded video (issue 31), served as HLS by the lesson routes. hls.js (about 180 KB gzipped)
// is fetched only here, on a video lesson (`import("hls.js/light")`: 118 KB gzipped rather than 180), never with the site's first JavaScript.
// stack-notes-learning §1: Hls.isSupported() first (Chromium also plays HLS natively, without the
// rendition control); the browser's own HLS only where Media Source Extensions are missing (iOS Safari).
// Nothing of the video is fetched before the learner presses play (our learners pay per megabyte), and
// with Save-Data it starts at the lowest rendition and stays at 360p or below. Without JavaScript the
// <video> has the playlist as its source: browsers that play HLS themselves still play it.
import { useEffect, useRef, useState } from "react";
import { useSaveData } from "../../lib/save-data.ts";
import { followProgress } from "./video-progress.ts";

/** The tallest rendition with Save-Data. */
const SAVE_DATA_MAX_HEIGHT = 360;

export interface LessonPlayerProps {
  lessonId: string;
  title: string;
  /** the master playlist */
  src: string;
  poster: string | null;
  /** where the learner stopped (seconds) */
  resumeAt: number;
  /** the lesson's length when known (seconds): a video watched to its end starts again from the start */
  length: number | null;
  /** a signed-in learner: the position is saved */
  saves: boolean;
  completed: boolean;
  /** the server completed the lesson (watched to 90 %) */
  onCompleted: () => void;
}

export function LessonPlayer({
  lessonId,
  title,
  src,
  poster,
  resumeAt,
  length,
  saves,
  completed,
  onCompleted,
}: LessonPlayerProps) {
  const ref = useRef<HTMLVideoElement>(null);
  const saveData = useSaveData();
  const [failed, setFailed] = useState(false);
  // the latest of each for the player's listeners, which live as long as the video
  const completedRef = useRef(completed);
  const onCompletedRef = useRef(onCompleted);
  useEffect(() => {
    completedRef.current = completed;
    onCompletedRef.current = onCompleted;
  });
  // where it starts, fixed when the lesson opens (a saved position coming back must not restart it)
  const [start] = useState(() => (length !== null && resumeAt >= length - 3 ? 0 : resumeAt));

  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    let stopped = false;
    let destroy = () => {};
    const stopFollowing = saves
      ? followProgress(video, lessonId, () => onCompletedRef.current(), completedRef.current)
      : () => {};
    void import("hls.js/light")
      .then(({ default: Hls }) => {
        if (stopped) return;
        if (!Hls.isSupported()) return nativeStart(video, start);
        // Play pressed before hls.js was here (on a slow line the page shows the poster seconds earlier):
        // attaching it resets the video, so it loads at once and plays again
        const pressed = !video.paused;
        const hls = new Hls({
          autoStartLoad: pressed,
          startPosition: start,
          // (hls.js's own cap by the player's size would replace the Save-Data cap set below)
          capLevelToPlayerSize: !saveData,
          ...(saveData ? { startLevel: 0, maxBufferLength: 10 } : {}),
        });
        destroy = () => hls.destroy();
        hls.on(Hls.Events.MANIFEST_PARSED, (_event, data) => {
          if (!saveData) return;
          const allowed = data.levels.map((l, i) => (l.height <= SAVE_DATA_MAX_HEIGHT ? i : -1)).filter((i) => i >= 0);
          hls.autoLevelCapping = allowed.length ? Math.max(...allowed) : 0;
        });
        hls.on(Hls.Events.ERROR, (_event, data) => {
          if (data.fatal) {
            setFailed(true);
            hls.destroy();
          }
        });
        // nothing of the video is fetched before the learner presses play
        if (!pressed) video.addEventListener("play", () => hls.startLoad(start), { once: true });
        hls.loadSource(src);
        hls.attachMedia(video);
        if (pressed) video.play().catch(() => {});
      })
      .catch(() => nativeStart(video, start));
    return () => {
      stopped = true;
      stopFollowing();
      destroy();
    };
  }, [lessonId, src, start, saves, saveData]);

  return (
    <div>
      <div className="aspect-video overflow-hidden rounded-xl bg-black">
        {/* the playlist as the source until hls.js takes over (and for browsers without JavaScript) */}
        {/* eslint-disable-next-line jsx-a11y/media-has-caption -- lessons have no caption files yet (issue 31 gives none to upload) */}
        <video
          ref={ref}
          src={src}
          poster={poster ?? undefined}
          controls
          playsInline
          preload="none"
          aria-label={`Video: ${title}`}
          data-testid="lesson-video"
          className="size-full"
        />
      </div>
      {failed ? (
        <p role="alert" className="mt-2 text-sm font-semibold text-red-800">
          The video could not be played. Check your connection and reload the page.
        </p>
      ) : null}
    </div>
  );
}

/** The browser's own HLS (Safari): resume where the learner stopped once the length is known. */
function nativeStart(video: HTMLVideoElement, start: number) {
  if (start <= 0) return;
  video.addEventListener("loadedmetadata", () => (video.currentTime = start), { once: true });
}
