// The about page's hero with each kind of video address (spec public-area §2; decision 030), as the
// server renders it: a video file is the muted background loop, a YouTube or Vimeo link a play button
// that is a link to the video's page until the page's script makes it open the player, anything else
// no video at all.
import { renderToStaticMarkup } from "react-dom/server";
import { StaticRouter } from "react-router";
import { describe, expect, it } from "vitest";
import type { Hero } from "../../../contract/content/content.ts";
import { HeroBanner } from "./hero-banner.tsx";
import { HERO_DEFAULTS, resolveHero } from "./hero-defaults.ts";

function render(videoUrl: string) {
  const hero: Hero = resolveHero({ ...HERO_DEFAULTS, title: "Skills that pay", videoUrl });
  return renderToStaticMarkup(
    <StaticRouter location="/about">
      <HeroBanner hero={hero} />
    </StaticRouter>,
  );
}

const watch = /<a[^>]*>(?:(?!<\/a>).)*Watch our video<\/a>/s;

describe("HeroBanner's video", () => {
  it("plays an uploaded file as the muted looping background, loaded only when it plays", () => {
    const html = render("/media/uploads/0123abcd.mp4");
    const video = /<video[^>]*>/.exec(html)?.[0] ?? "";
    expect(video).toContain('src="/media/uploads/0123abcd.mp4"');
    for (const attr of ["autoPlay", "muted", "loop", "playsInline"])
      expect(video.toLowerCase()).toContain(attr.toLowerCase());
    expect(video).toContain('preload="none"');
    expect(video).toContain('aria-hidden="true"');
    expect(html).not.toMatch(watch);
    expect(html).not.toContain("<iframe");
    // the overlay that keeps the text readable over moving pictures
    expect(html).toContain("bg-slate-950/60");
  });

  it("makes a YouTube link a play button, a link to the video's page, with nothing from YouTube in the page", () => {
    const html = render("https://youtu.be/dQw4w9WgXcQ");
    expect(html).not.toContain("<video");
    expect(html).not.toContain("<iframe");
    const link = watch.exec(html)?.[0] ?? "";
    expect(link).toContain('href="https://www.youtube.com/watch?v=dQw4w9WgXcQ"');
    // the only YouTube address in the page is that link's
    expect(html.match(/youtube/g)).toHaveLength(1);
    expect(html).toContain("bg-slate-950/10");
  });

  it("makes a Vimeo link (an unlisted one) a link to its page", () => {
    const link = watch.exec(render("https://vimeo.com/123456/abcdef"))?.[0] ?? "";
    expect(link).toContain('href="https://vimeo.com/123456/abcdef"');
  });

  it("shows no video for a picture, another site's page or a hostile address: the plain gradient", () => {
    for (const url of [
      "/media/uploads/photo.jpg",
      "https://example.com/tour",
      "javascript:alert(1)//a.mp4",
      "//evil.example/a.mp4",
      "https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ",
    ]) {
      expect(resolveHero({ ...HERO_DEFAULTS, videoUrl: url }).videoUrl, url).toBe("");
      const html = render(url);
      expect(html, url).not.toContain("<video");
      expect(html, url).not.toContain("<iframe");
      expect(html, url).not.toMatch(watch);
      expect(html, url).toContain("bg-slate-950/10");
    }
  });

  it("keeps the title, subtitle and buttons whatever the video", () => {
    for (const url of ["", "/media/seed/hero.mp4", "https://www.youtube.com/watch?v=dQw4w9WgXcQ"]) {
      const html = render(url);
      expect(html).toContain("Skills that pay</h1>");
      expect(html).toContain(`href="${HERO_DEFAULTS.buttonLink}"`);
      expect(html).toContain("Talk to us");
    }
  });
});
