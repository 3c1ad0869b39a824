// What the server's HTML holds with and without the request's Save-Data (decision 042): the home
// carousel's first picture only, at half the width and paused; the about hero without its video;
// pictures without a width list at 1x only.
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { HeroBanner } from "../about/hero-banner.tsx";
import { SaveDataContext } from "../../lib/save-data.ts";
import { MediaImage } from "../../components/ui/media-image.tsx";
import { HeroCarousel } from "./hero-carousel.tsx";

const slides = [1, 2, 3].map((n) => ({
  _id: `s${n}`,
  image: `/media/seed/slide-${n}.svg`,
  title: `Slide ${n}`,
  description: `About slide ${n}`,
}));

const render = (node: React.ReactNode, saveData = false) =>
  renderToStaticMarkup(
    <SaveDataContext value={saveData}>
      <MemoryRouter>{node}</MemoryRouter>
    </SaveDataContext>,
  );

describe("HeroCarousel", () => {
  it("has only the first slide's picture, sized for about 400 CSS px below lg, and plays", () => {
    const html = render(<HeroCarousel slides={slides} />);
    expect(html.match(/<img /g)).toHaveLength(1);
    expect(html).toContain("slide-1.svg?tr=w-1080 1080w");
    expect(html).not.toContain("slide-2.svg");
    expect(html).toContain('sizes="(min-width: 1067px) 100vw, (max-width: 1023px) 400px, 1067px"');
    expect(html).toContain('aria-label="Pause slideshow"');
  });

  it("with Save-Data: half the width, and paused", () => {
    const html = render(<HeroCarousel slides={slides} />, true);
    expect(html.match(/<img /g)).toHaveLength(1);
    expect(html).toContain(
      'sizes="(min-width: 1067px) calc(100vw / 2), (max-width: 1023px) calc(400px / 2), calc(1067px / 2)"',
    );
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
    expect(render(<HeroBanner hero={hero} />, true)).not.toContain("<video");
  });
});

describe("MediaImage", () => {
  it("with Save-Data and no widths: the 1x copy only", () => {
    const image = <MediaImage src="/media/seed/a.svg" alt="" width={400} height={225} />;
    expect(render(image)).toContain(" 2x");
    expect(render(image, true)).not.toContain("srcSet");
  });
});
