// The players' rule shared by the server's allow-list and the post page's play buttons (decision 027).
import { describe, expect, it } from "vitest";
import { autoplayUrl, isAllowedVideoSrc, playLabel, titleOfPlayLabel, videoPageUrl } from "./video-embed.ts";

describe("videoPageUrl: where a play button leads without JavaScript", () => {
  it("the video's own page on YouTube or Vimeo", () => {
    const cases: Array<[string, string]> = [
      ["https://www.youtube.com/embed/dQw4w9WgXcQ", "https://www.youtube.com/watch?v=dQw4w9WgXcQ"],
      ["https://www.youtube-nocookie.com/embed/8aGhZQkoFbQ", "https://www.youtube.com/watch?v=8aGhZQkoFbQ"],
      ["https://youtube.com/embed/dQw4w9WgXcQ?start=42", "https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42s"],
      ["https://www.youtube.com/embed/dQw4w9WgXcQ?start=x", "https://www.youtube.com/watch?v=dQw4w9WgXcQ"],
      ["https://player.vimeo.com/video/76979871", "https://vimeo.com/76979871"],
      ["https://player.vimeo.com/video/76979871?h=abc123def", "https://vimeo.com/76979871/abc123def"],
      ["https://player.vimeo.com/video/76979871?h=<x>", "https://vimeo.com/76979871"],
    ];
    for (const [player, page] of cases) expect(videoPageUrl(player), player).toBe(page);
  });

  it("the player itself when it has another shape (a playlist)", () => {
    expect(videoPageUrl("https://www.youtube.com/embed/videoseries?list=PL1")).toBe(
      "https://www.youtube.com/embed/videoseries?list=PL1",
    );
  });
});

describe("the play button's player", () => {
  it("starts at once, the player's own query kept", () => {
    expect(autoplayUrl("https://www.youtube.com/embed/dQw4w9WgXcQ")).toBe(
      "https://www.youtube.com/embed/dQw4w9WgXcQ?autoplay=1",
    );
    expect(autoplayUrl("https://player.vimeo.com/video/1?h=ab")).toBe(
      "https://player.vimeo.com/video/1?h=ab&autoplay=1",
    );
  });

  it("is only ever an allowed player (the page checks again before it frames one)", () => {
    expect(isAllowedVideoSrc("https://www.youtube.com/embed/x")).toBe(true);
    for (const src of ["https://evil.example/embed/x", "javascript:alert(1)", "http://www.youtube.com/embed/x", ""]) {
      expect(isAllowedVideoSrc(src), src).toBe(false);
    }
  });

  it("is named by the video's title, read back from the button", () => {
    expect(playLabel("Demo day")).toBe("Play video: Demo day");
    expect(titleOfPlayLabel(playLabel("Demo day"))).toBe("Demo day");
    expect(titleOfPlayLabel("Something else")).toBe("Something else");
  });
});
