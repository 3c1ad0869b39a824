// The players' rule shared by the server's allow-list and the post page's play buttons (decision 027).
import { describe, expect, it } from "vitest";
import {
  autoplayUrl,
  classifyVideoUrl,
  isAllowedVideoSrc,
  playerUrl,
  playLabel,
  titleOfPlayLabel,
  videoPageUrl,
} from "./video-embed.ts";

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

/** Look-alikes and other schemes: never a player, never a video file. */
const HOSTILE = [
  "javascript:alert(1)",
  "javascript:alert(1)//https://www.youtube.com/watch?v=dQw4w9WgXcQ",
  "JAVASCRIPT://www.youtube.com/watch?v=dQw4w9WgXcQ%0aalert(1)",
  "data:video/mp4;base64,AAAA",
  "vbscript:msgbox(1)",
  "//www.youtube.com/watch?v=dQw4w9WgXcQ",
  "//evil.example/a.mp4",
  "/\\evil.example/a.mp4",
  "https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ",
  "https://www.youtube.com.evil.example/embed/dQw4w9WgXcQ",
  "https://evilyoutube.com/watch?v=dQw4w9WgXcQ",
  "https://www.youtube.com@evil.example/watch?v=dQw4w9WgXcQ",
  "https://user:pw@www.youtube.com/watch?v=dQw4w9WgXcQ",
  "https://user@www.youtube.com/watch?v=dQw4w9WgXcQ",
  "https://vimeo.com.evil.example/123456",
  "https://player.vimeo.com.evil.example/video/123456",
  "https:\\\\www.youtube.com\\watch?v=dQw4w9WgXcQ",
  " https://www.youtube.com/watch?v=dQw4w9WgXcQ",
  "https://www.youtube.com/watch?v=dQw4w9WgXcQ\n",
  "ftp://example.com/a.mp4",
  "",
];

describe("playerUrl: a pasted YouTube or Vimeo link as its player", () => {
  it("turns each way of sharing a video into the player's https address", () => {
    const cases: Array<[string, string]> = [
      ["https://www.youtube.com/watch?v=dQw4w9WgXcQ", "https://www.youtube.com/embed/dQw4w9WgXcQ"],
      ["https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42s&list=PL1", "https://www.youtube.com/embed/dQw4w9WgXcQ"],
      ["https://youtu.be/dQw4w9WgXcQ", "https://www.youtube.com/embed/dQw4w9WgXcQ"],
      ["https://youtu.be/dQw4w9WgXcQ?si=abc", "https://www.youtube.com/embed/dQw4w9WgXcQ"],
      ["https://www.youtube.com/embed/dQw4w9WgXcQ", "https://www.youtube.com/embed/dQw4w9WgXcQ"],
      ["https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ", "https://www.youtube.com/embed/dQw4w9WgXcQ"],
      ["https://www.youtube.com/shorts/dQw4w9WgXcQ", "https://www.youtube.com/embed/dQw4w9WgXcQ"],
      ["https://www.youtube.com/live/dQw4w9WgXcQ", "https://www.youtube.com/embed/dQw4w9WgXcQ"],
      ["https://m.youtube.com/watch?v=dQw4w9WgXcQ", "https://www.youtube.com/embed/dQw4w9WgXcQ"],
      ["http://youtube.com/watch?v=dQw4w9WgXcQ", "https://www.youtube.com/embed/dQw4w9WgXcQ"],
      ["HTTPS://WWW.YOUTUBE.COM/watch?v=dQw4w9WgXcQ", "https://www.youtube.com/embed/dQw4w9WgXcQ"],
      ["https://vimeo.com/123456", "https://player.vimeo.com/video/123456"],
      ["https://vimeo.com/123456/abcdef", "https://player.vimeo.com/video/123456?h=abcdef"],
      ["https://www.vimeo.com/123456?share=copy", "https://player.vimeo.com/video/123456"],
      ["https://vimeo.com/channels/staffpicks/76979871", "https://player.vimeo.com/video/76979871"],
      ["https://player.vimeo.com/video/123456", "https://player.vimeo.com/video/123456"],
      ["https://player.vimeo.com/video/123456?h=abcdef12&badge=0", "https://player.vimeo.com/video/123456?h=abcdef12"],
    ];
    for (const [link, player] of cases) {
      expect(playerUrl(link), link).toBe(player);
      expect(isAllowedVideoSrc(player), player).toBe(true);
    }
  });

  it("a player page leads back to the video (an unlisted one with its key)", () => {
    expect(videoPageUrl(playerUrl("https://youtu.be/dQw4w9WgXcQ")!)).toBe(
      "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
    );
    expect(videoPageUrl(playerUrl("https://vimeo.com/123456/abcdef")!)).toBe("https://vimeo.com/123456/abcdef");
  });

  it("is null for other pages of those sites and for ids that are not ids", () => {
    for (const link of [
      "https://www.youtube.com/",
      "https://www.youtube.com/watch",
      "https://www.youtube.com/watch?v=<script>",
      "https://www.youtube.com/watch?v=a%22onload%3Dx",
      "https://www.youtube.com/embed/videoseries?list=PL1",
      "https://www.youtube.com/@channel",
      "https://www.youtube.com:8443/watch?v=dQw4w9WgXcQ",
      "https://youtu.be/",
      "https://vimeo.com/about",
      "https://vimeo.com/123456789012345",
      "https://player.vimeo.com/123456",
      "https://player.vimeo.com/video/abc",
      "https://example.com/watch?v=dQw4w9WgXcQ",
    ]) {
      expect(playerUrl(link), link).toBeNull();
    }
  });

  it("is null for hostile input: other schemes, protocol-relative, look-alike hosts, credentials", () => {
    for (const link of HOSTILE) expect(playerUrl(link), link).toBeNull();
  });

  it("drops a Vimeo key that is not one", () => {
    expect(playerUrl("https://vimeo.com/123456/<x>")).toBe("https://player.vimeo.com/video/123456");
    expect(playerUrl("https://player.vimeo.com/video/123456?h=%22%3E")).toBe("https://player.vimeo.com/video/123456");
  });
});

describe("classifyVideoUrl: what the hero does with its video address", () => {
  it("a file for our /media videos and http(s) video files, a query allowed", () => {
    for (const src of [
      "/media/seed/hero.mp4",
      "/media/uploads/0123abcd.webm",
      "/media/uploads/0123abcd.MP4?v=2",
      "https://cdn.example.com/intro.mp4",
      "https://cdn.example.com/intro.webm?token=abc&expires=1",
      "http://localhost:5173/media/uploads/a.ogg",
      "https://cdn.example.com/clips/tour.mov#t=2",
    ]) {
      expect(classifyVideoUrl(src), src).toEqual({ kind: "file", src });
    }
  });

  it("a player for YouTube and Vimeo links, with the video's page for a link without JavaScript", () => {
    expect(classifyVideoUrl("https://www.youtube.com/watch?v=dQw4w9WgXcQ")).toEqual({
      kind: "player",
      src: "https://www.youtube.com/embed/dQw4w9WgXcQ",
      page: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
    });
    expect(classifyVideoUrl("https://vimeo.com/123456/abcdef")).toEqual({
      kind: "player",
      src: "https://player.vimeo.com/video/123456?h=abcdef",
      page: "https://vimeo.com/123456/abcdef",
    });
  });

  it("nothing for pictures, pages, other sites' players and paths outside /media", () => {
    for (const value of [
      "/media/uploads/photo.jpg",
      "https://cdn.example.com/hero.png",
      "https://example.com/about",
      "https://example.com/video.mp4.html",
      "https://www.dailymotion.com/video/x7tgad0",
      "https://www.youtube.com/@channel",
      "/courses",
      "/hero.mp4",
      "/media/../secret.mp4",
      "/media/%2e%2e/secret.mp4",
      "media/hero.mp4",
      "/media/a b.mp4",
      '/media/a".mp4',
      "https://user:pw@cdn.example.com/a.mp4",
    ]) {
      expect(classifyVideoUrl(value), value).toBeNull();
    }
  });

  it("nothing for hostile input", () => {
    for (const value of [...HOSTILE, "javascript:alert(1)//a.mp4", "data:video/mp4,x.mp4", "//evil.example/x.webm"]) {
      expect(classifyVideoUrl(value), value).toBeNull();
    }
  });
});
