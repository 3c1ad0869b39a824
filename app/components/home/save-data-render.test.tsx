// What the server's HTML holds with and without the request's Save-Data (decision 042): the home
// carousel's first picture only, at smaller sizes and paused; the about hero without its video.
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { HeroBanner } from "../about/hero-banner.tsx";
import { HeroCarousel } from "./hero-carousel.tsx";

const slides = [1, 2, 3].map((n) => ({
  _id: `s${n}`,
  image: `/media/seed/slide-${n}.svg`,
  title: `Slide ${n}`,
  description: `About slide ${n}`,
}));

const render = (node: React.ReactNode) => renderToStaticMarkup(<MemoryRouter>{node}</MemoryRouter>);

describe("HeroCarousel", () => {
  it("has only the first slide's picture, sized for about 400 CSS px below lg, and plays", () => {
    const html = render(<HeroCarousel slides={slides} />);
    expect(html.match(/<img /g)).toHaveLength(1);
    expect(html).toContain("slide-1.svg?tr=w-1080 1080w");
    expect(html).not.toContain("slide-2.svg");
    expect(html).toContain('sizes="(min-width: 1067px) 100vw, (max-width: 1023px) 400px, 1067px"');
    expect(html).toContain('aria-label="Pause slideshow"');
  });

  it("with Save-Data: smaller copies only (1080 at most), and paused", () => {
    const html = render(<HeroCarousel slides={slides} saveData />);
    expect(html.match(/<img /g)).toHaveLength(1);
    expect(html).not.toContain("w-1920");
    expect(html).toContain('sizes="(min-width: 1067px) 50vw, (max-width: 1023px) 200px, 534px"');
    expect(html).toContain('aria-label="Play slideshow"');
  });
});

describe("HeroBanner", () => {
  const hero = {
    videoUrl: "/media/uploads/hero.mp4",
    title: "About us",
    subtitle: "Who we are",
    buttonText: "Courses",
    buttonLink: "/courses",
  };

  it("plays a video file as its background, but not with Save-Data", () => {
    expect(render(<HeroBanner hero={hero} />)).toMatch(/<video[^>]*autoplay/i);
    expect(render(<HeroBanner hero={hero} saveData />)).not.toContain("<video");
  });
});
