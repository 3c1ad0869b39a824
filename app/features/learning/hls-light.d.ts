// hls.js's light build (no subtitles, alternate audio, DRM or CMCD: nothing a lesson video uses) ships no
// types of its own; its API is the full build's.
declare module "hls.js/light" {
  export * from "hls.js";
  export { default } from "hls.js";
}
