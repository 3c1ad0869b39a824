// Where images live on local disk (architecture "Media"): DATA_DIR/media, served at /media. The one
// place that knows the folder, for the media routes, profile images and the seed.
import path from "node:path";

export function mediaRoot(dataDir: string) {
  return path.resolve(dataDir, "media");
}
