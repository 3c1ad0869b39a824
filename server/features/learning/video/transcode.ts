// TEMP (uncommitted)
export function findFfmpeg(): string | null {
  return "ffmpeg";
}
