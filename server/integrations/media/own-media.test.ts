import { describe, expect, it } from "vitest";
import { ownMediaPath, ownMediaPathsInHtml } from "./own-media.ts";

const SITE = "https://academy.example";

describe("ownMediaPath", () => {
  it("writes this site's /media addresses as paths", () => {
    expect(ownMediaPath("https://academy.example/media/uploads/a.png", SITE)).toBe("/media/uploads/a.png");
    expect(ownMediaPath("HTTPS://ACADEMY.EXAMPLE/media/uploads/a.png", SITE)).toBe("/media/uploads/a.png");
    expect(ownMediaPath("https://academy.example:443/media/seed/b.svg", `${SITE}/`)).toBe("/media/seed/b.svg");
  });

  it("leaves everything else as it is", () => {
    for (const url of [
      "/media/uploads/a.png",
      "https://other.example/media/uploads/a.png",
      "http://academy.example/media/uploads/a.png",
      "https://academy.example:8443/media/uploads/a.png",
      "https://academy.example/media/uploads/a.png?tr=w-300",
      "https://academy.example/media/uploads/a.png#x",
      "https://academy.example/backend/posts",
      "https://user:pw@academy.example/media/uploads/a.png",
      "javascript:alert(1)",
      "https://[bad",
    ]) {
      expect(ownMediaPath(url, SITE), url).toBe(url);
    }
  });
});

describe("ownMediaPathsInHtml", () => {
  it("rewrites src, poster and href of our /media addresses, and nothing else", () => {
    const html =
      '<p><img src="https://academy.example/media/uploads/a.png" alt="A"></p>' +
      "<video src='https://academy.example/media/uploads/v.mp4' poster=\"https://academy.example/media/uploads/p.png\" controls></video>" +
      '<p><a href="https://academy.example/media/uploads/a.png">full size</a> https://academy.example/media/uploads/a.png</p>' +
      '<img src="https://cdn.example/x.png">';
    expect(ownMediaPathsInHtml(html, SITE)).toBe(
      '<p><img src="/media/uploads/a.png" alt="A"></p>' +
        "<video src='/media/uploads/v.mp4' poster=\"/media/uploads/p.png\" controls></video>" +
        '<p><a href="/media/uploads/a.png">full size</a> https://academy.example/media/uploads/a.png</p>' +
        '<img src="https://cdn.example/x.png">',
    );
  });
});
