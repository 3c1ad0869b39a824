// Where a learner is in a lesson's video, sent to the API (POST /backend/api/lessons/{id}/progress,
// the session cookie, same origin): every 15 seconds while it plays, at once when it passes 90 % (the
// server then completes the lesson), and on pause, at the end and as the page goes (keepalive: the
// request outlives the page). The server keeps the position, so the learner resumes on any device.
import type { Progress } from "../../../contract/learning/learning.ts";
import { VIDEO_COMPLETE_SHARE } from "../../../contract/learning/learning-texts.ts";
import { callApi } from "../../lib/api-client.ts";

const EVERY_MS = 15_000;

/** Follows `video` and reports its position; returns the function that stops following. */
export function followProgress(
  video: HTMLVideoElement,
  lessonId: string,
  onCompleted: () => void,
  alreadyCompleted: boolean,
): () => void {
  let lastSent = -1;
  let completed = alreadyCompleted;
  let timer: ReturnType<typeof setInterval> | undefined;

  const send = (keepalive = false) => {
    const duration = video.duration;
    if (!Number.isFinite(duration) || duration <= 0) return;
    // the end counts as the end: a short clip's last frame may sit just under its length
    const position = Math.min(Math.round(video.ended ? duration : video.currentTime), Math.round(duration));
    if (position === lastSent) return;
    lastSent = position;
    void callApi<Progress>(`/lessons/${encodeURIComponent(lessonId)}/progress`, {
      body: { position, duration: Math.round(duration) },
      keepalive,
    }).then((answer) => {
      if (answer.ok && answer.data.completed && !completed) {
        completed = true;
        onCompleted();
      }
    });
  };
  const onTime = () => {
    if (!completed && video.currentTime >= video.duration * VIDEO_COMPLETE_SHARE) send();
  };
  const onPlay = () => {
    clearInterval(timer);
    timer = setInterval(() => send(), EVERY_MS);
  };
  const onStop = () => {
    clearInterval(timer);
    send();
  };
  const onHide = () => {
    if (document.visibilityState === "hidden") send(true);
  };
  const onPageHide = () => send(true);

  video.addEventListener("timeupdate", onTime);
  video.addEventListener("playing", onPlay);
  video.addEventListener("pause", onStop);
  video.addEventListener("ended", onStop);
  document.addEventListener("visibilitychange", onHide);
  window.addEventListener("pagehide", onPageHide);
  return () => {
    clearInterval(timer);
    if (!video.paused) send(true);
    video.removeEventListener("timeupdate", onTime);
    video.removeEventListener("playing", onPlay);
    video.removeEventListener("pause", onStop);
    video.removeEventListener("ended", onStop);
    document.removeEventListener("visibilitychange", onHide);
    window.removeEventListener("pagehide", onPageHide);
  };
}
