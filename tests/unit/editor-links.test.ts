import { describe, expect, it } from "vitest";
import { isEmailLike, linkHref, toEmbedUrl } from "../../app/features/blog/editor-links.ts";
import { isAllowedVideoSrc } from "../../server/lib/sanitize.ts";

describe("toEmbedUrl", () => {
  it("turns YouTube and Vimeo page addresses into the player addresses the server keeps", () => {
    const cases: Array<[string, string]> = [
      ["https://www.youtube.com/watch?v=dQw4w9WgXcQ", "https://www.youtube.com/embed/dQw4w9WgXcQ"],
      ["https://youtube.com/watch?v=dQw4w9WgXcQ&t=42s", "https://www.youtube.com/embed/dQw4w9WgXcQ"],
      ["https://m.youtube.com/watch?v=dQw4w9WgXcQ", "https://www.youtube.com/embed/dQw4w9WgXcQ"],
      ["https://youtu.be/dQw4w9WgXcQ?si=abc", "https://www.youtube.com/embed/dQw4w9WgXcQ"],
      ["youtu.be/dQw4w9WgXcQ", "https://www.youtube.com/embed/dQw4w9WgXcQ"],
      ["https://www.youtube.com/shorts/dQw4w9WgXcQ", "https://www.youtube.com/embed/dQw4w9WgXcQ"],
      ["https://www.youtube.com/embed/dQw4w9WgXcQ", "https://www.youtube.com/embed/dQw4w9WgXcQ"],
      ["https://vimeo.com/76979871", "https://player.vimeo.com/video/76979871"],
      ["https://vimeo.com/channels/staffpicks/76979871", "https://player.vimeo.com/video/76979871"],
      ["https://player.vimeo.com/video/76979871?h=1", "https://player.vimeo.com/video/76979871"],
    ];
    for (const [input, embed] of cases) {
      expect(toEmbedUrl(input), input).toBe(embed);
      expect(isAllowedVideoSrc(embed)).toBe(true);
    }
  });

  it("refuses other sites, look-alikes and odd schemes", () => {
    for (const input of [
      "https://example.com/watch?v=dQw4w9WgXcQ",
      "https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ",
      "https://evilyoutube.com/watch?v=dQw4w9WgXcQ",
      "javascript:alert(1)//youtube.com/watch?v=dQw4w9WgXcQ",
      "https://www.youtube.com/watch?v=<script>",
      "https://user:pw@www.youtube.com/watch?v=dQw4w9WgXcQ",
      "https://vimeo.com/about",
      "",
    ]) {
      expect(toEmbedUrl(input), input).toBeNull();
    }
  });
});

describe("linkHref", () => {
  it("gives e-mail-like text mailto:, typed or selected", () => {
    expect(linkHref("ada@example.com")).toBe("mailto:ada@example.com");
    expect(linkHref("", "ada@example.com")).toBe("mailto:ada@example.com");
    expect(linkHref("mailto:ada@example.com")).toBe("mailto:ada@example.com");
    expect(isEmailLike("not an email")).toBe(false);
  });

  it("keeps http(s) and site paths, completes bare hosts, refuses other schemes", () => {
    expect(linkHref("https://example.com/a?b=1")).toBe("https://example.com/a?b=1");
    expect(linkHref("example.com/docs")).toBe("https://example.com/docs");
    expect(linkHref("/courses")).toBe("/courses");
    expect(linkHref("javascript:alert(1)")).toBeNull();
    expect(linkHref("data:text/html,x")).toBeNull();
    expect(linkHref("//evil.example")).toBeNull();
    expect(linkHref("")).toBeNull();
  });
});
