import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { absoluteMediaUrl, isImageAddress, mediaSrcSet, mediaUrl } from "../../../contract/lib/media-urls.ts";
import { MediaImage } from "./media-image.tsx";

describe("mediaUrl", () => {
  it("asks a /media image at the given size, the width snapped up to a step and the height in proportion", () => {
    expect(mediaUrl("/media/seed/a.svg", { w: 600, h: 338 })).toBe("/media/seed/a.svg?tr=w-640,h-361");
    expect(mediaUrl("/media/seed/a.svg", { w: 600 })).toBe("/media/seed/a.svg?tr=w-640");
    expect(mediaUrl("/media/seed/a.svg", { w: 640 })).toBe("/media/seed/a.svg?tr=w-640");
    expect(mediaUrl("/media/seed/a.svg", "w-32,q-20,bl-10")).toBe("/media/seed/a.svg?tr=w-32,q-20,bl-10");
  });

  it("versions uploads (unique names, decision 014) so they are cached as immutable", () => {
    expect(mediaUrl("/media/uploads/x.png", { w: 48, h: 48 })).toBe("/media/uploads/x.png?tr=w-48,h-48&v=1");
  });

  it("scales a size beyond the server's 2000 pixels down, keeping the shape", () => {
    expect(mediaUrl("/media/a.png", { w: 4000, h: 2000 })).toBe("/media/a.png?tr=w-2000,h-1000");
  });

  it("leaves outside URLs and URLs with a query as they are", () => {
    expect(mediaUrl("https://cdn.example.com/a.png", { w: 100 })).toBe("https://cdn.example.com/a.png");
    expect(mediaUrl("/media/a.png?tr=w-10", { w: 100 })).toBe("/media/a.png?tr=w-10");
    expect(mediaUrl("/images/logo.png", { w: 100 })).toBe("/images/logo.png");
  });
});

describe("isImageAddress", () => {
  it("accepts our media paths and outside http(s) pictures only", () => {
    for (const ok of [
      "/media/seed/a.svg",
      "/media/uploads/0123.webp",
      "/media/a.png?v=2",
      "https://cdn.example/p.jpg",
    ]) {
      expect(isImageAddress(ok), ok).toBe(true);
    }
    for (const bad of [
      "javascript:alert(1)",
      "data:image/png;base64,AAAA",
      '/media/a");background:url(x',
      "/media/a b.png",
      "//evil.example/x.png",
      "",
      "<img src=x onerror=alert(1)>",
    ]) {
      expect(isImageAddress(bad), bad).toBe(false);
    }
  });

  it("renders nothing for an address that is not a picture", () => {
    expect(renderToStaticMarkup(<MediaImage src="javascript:alert(1)" alt="" width={48} height={48} />)).toBe("");
  });
});

describe("absoluteMediaUrl", () => {
  const origin = "https://academy.example.ng/";
  it("makes our images absolute at the asked size and keeps outside http(s) pictures", () => {
    expect(absoluteMediaUrl("/media/seed/a.svg", "w-1200", origin)).toBe(
      "https://academy.example.ng/media/seed/a.svg?tr=w-1200",
    );
    expect(absoluteMediaUrl("https://cdn.example/p.jpg", "w-1200", origin)).toBe("https://cdn.example/p.jpg");
  });

  it("gives null for what is not a picture address", () => {
    for (const src of ["javascript:alert(1)", "data:image/svg+xml,<svg/onload=alert(1)>", "http://[", "vbscript:x"]) {
      expect(absoluteMediaUrl(src, "w-1200", origin), src).toBeNull();
    }
  });
});

describe("mediaSrcSet", () => {
  it("offers 1x and 2x of a fixed size", () => {
    expect(mediaSrcSet("/media/a.png", { width: 48, height: 48 })).toBe(
      "/media/a.png?tr=w-48,h-48 1x, /media/a.png?tr=w-96,h-96 2x",
    );
  });

  it("offers each width snapped up to a step, sorted and de-duplicated, described by the width made", () => {
    expect(mediaSrcSet("/media/a.png", { width: 400, height: 225, widths: [800, 400, 400, 3000, 420] })).toBe(
      "/media/a.png?tr=w-480,h-270 480w, /media/a.png?tr=w-828,h-466 828w, /media/a.png?tr=w-2000,h-1125 2000w",
    );
  });

  it("asks only widths when not cropping", () => {
    expect(mediaSrcSet("/media/a.png", { width: 1280, height: 600, crop: false, widths: [640, 1280] })).toBe(
      "/media/a.png?tr=w-640 640w, /media/a.png?tr=w-1920 1920w",
    );
  });

  it("has none for outside images", () => {
    expect(mediaSrcSet("https://x.example/a.png", { width: 48, height: 48 })).toBeUndefined();
  });
});

describe("MediaImage", () => {
  const html = (el: React.ReactElement) => renderToStaticMarkup(el);

  it("renders the shown size, srcset, sizes, lazy loading and the blurred placeholder", () => {
    const out = html(
      <MediaImage src="/media/seed/c.svg" alt="" width={400} height={225} widths={[400, 800]} sizes="400px" />,
    );
    expect(out).toContain('src="/media/seed/c.svg?tr=w-480,h-270"');
    expect(out).toContain('srcSet="/media/seed/c.svg?tr=w-480,h-270 480w, /media/seed/c.svg?tr=w-828,h-466 828w"');
    expect(out).toContain('sizes="400px"');
    expect(out).toContain('width="400"');
    expect(out).toContain('height="225"');
    expect(out).toContain('loading="lazy"');
    expect(out).toContain('decoding="async"');
    expect(out).toContain("background-image:url(&quot;/media/seed/c.svg?tr=w-32,q-20,bl-10&quot;)");
    expect(out).not.toContain("fetchPriority");
    expect(out).not.toContain("elementtiming");
  });

  it("loads a priority image at once, with high priority", () => {
    const out = html(<MediaImage src="/media/seed/c.svg" alt="" width={48} height={48} priority />);
    expect(out).toContain('loading="eager"');
    expect(out).toContain('fetchPriority="high"');
    // the page's scripts wait for it to be drawn (decision 045)
    expect(out).toContain('elementtiming="first-screen"');
    expect(out).not.toContain("decoding");
  });

  it("shows an outside image untouched, without placeholder", () => {
    const out = html(<MediaImage src="https://x.example/a.png" alt="A" width={48} height={48} />);
    expect(out).toContain('src="https://x.example/a.png"');
    expect(out).not.toContain("srcSet");
    expect(out).not.toContain("background-image");
  });
});
