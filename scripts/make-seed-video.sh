#!/usr/bin/env bash
# Makes the demo courses' video (issue 31; decision 073), committed in server/db/seed/video/ so that
# seeding needs no ffmpeg: 4 s of ffmpeg's test picture and a 440 Hz tone, made into the same HLS ladder
# as an upload (server/features/learning/video/transcode.ts: one ffmpeg process, the master playlist
# written from measured peaks), but small: 240p and 360p at low bit rates, 2 s segments, a 240p poster.
# The segments are kept as seg_NNN.mpegts here (a .ts file would be taken for TypeScript by the tools
# that read the source tree); server/db/seed/seed-video.ts stores them as seg_NNN.ts, the names the
# playlists give. Run it again only to change the clip: `bash scripts/make-seed-video.sh`.
set -euo pipefail
cd "$(dirname "$0")/.."
out=server/db/seed/video
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

ffmpeg -hide_banner -loglevel error -y \
  -f lavfi -i testsrc=size=640x360:rate=10:duration=4 \
  -f lavfi -i sine=frequency=440:sample_rate=48000:duration=4 \
  -c:v libx264 -preset veryslow -crf 16 -pix_fmt yuv420p -c:a aac -b:a 128k -shortest "$work/source.mp4"

mkdir -p "$work/ladder"
node --input-type=module -e "
import { transcodeLadder } from './server/features/learning/video/transcode.ts';
const ladder = [
  { name: '240p', height: 240, videoKbps: 32, audioKbps: 16 },
  { name: '360p', height: 360, videoKbps: 56, audioKbps: 16 },
];
const r = await transcodeLadder('$work/source.mp4', '$work/ladder', { ladder, segmentSeconds: 2, posterHeight: 240, audioSampleRate: 22050 });
console.log(JSON.stringify(r));
"

rm -rf "$out"
mkdir -p "$out"
cp -r "$work/ladder/." "$out/"
for f in "$out"/*/seg_*.ts; do mv "$f" "${f%.ts}.mpegts"; done
du -ab "$out" | sort -k2
