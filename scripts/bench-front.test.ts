import { describe, expect, it } from "vitest";
import { withoutScripts } from "./bench-front.ts";

describe("withoutScripts (bench:lighthouse's page without JavaScript)", () => {
  const base = "http://127.0.0.1:4000";
  const page =
    '<!DOCTYPE html><html><head><style>a{color:red}</style><link rel="modulepreload" href="/assets/a.js"/>' +
    '<link rel="icon" href="data:image/svg+xml,x"/><style>.h{background:url(/media/h.svg)}</style></head><body><a href="/courses">Courses</a>' +
    '<img src="/media/a.jpg?tr=w-480" srcSet="/media/a.jpg?tr=w-480 480w, /media/a.jpg?tr=w-828 828w"/>' +
    '<a href="//cdn.example/x">cdn</a><script nonce="n">window.x = "</p>";</script>' +
    '<script type="module" async="">import "/assets/entry.js";</script></body></html>';
  const bare = withoutScripts(page, base);

  it("takes out every script and module preload, and keeps the stylesheet", () => {
    expect(bare).not.toMatch(/<script|modulepreload|\/assets\//);
    expect(bare).toContain("<style>a{color:red}</style>");
  });

  it("points root-relative links and pictures (each srcset candidate too) at the app", () => {
    expect(bare).toContain(`href="${base}/courses"`);
    expect(bare).toContain(`src="${base}/media/a.jpg?tr=w-480"`);
    expect(bare).toContain(`srcSet="${base}/media/a.jpg?tr=w-480 480w, ${base}/media/a.jpg?tr=w-828 828w"`);
    expect(bare).toContain('href="//cdn.example/x"');
    expect(bare).toContain('href="data:image/svg+xml,x"');
    expect(bare).toContain(`url(${base}/media/h.svg)`);
  });

  it("leaves self-closing tags and text alone", () => {
    expect(bare).toContain('828w"/>');
    expect(withoutScripts("<p>1 / 2 and a/b</p>", base)).toBe("<p>1 / 2 and a/b</p>");
  });
});
