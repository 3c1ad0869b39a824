// Where a transcoded video's files live in the media store (decision 073): `videos/<videoId>/master.m3u8`,
// `videos/<videoId>/poster.jpg` and each rendition's `videos/<videoId>/<240p|360p|720p>/index.m3u8` and
// `seg_NNN.ts`. The learning routes serve only these names: anything else is no file of a video.

const FILE = /^(?:master\.m3u8|poster\.jpg|(?:\d{3,4}p)\/(?:index\.m3u8|seg_\d{3,5}\.ts))$/;

/** The store key of a video's file, or null when `file` is no file a video has. */
export function videoFileKey(videoId: string, file: string): string | null {
  if (!/^[0-9a-f]{24}$/.test(videoId) || !FILE.test(file)) return null;
  return `videos/${videoId}/${file}`;
}
