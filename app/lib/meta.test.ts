import { describe, expect, it } from "vitest";
import type { MetaDescriptor } from "react-router";
import { firstSocialImage, SOCIAL_IMAGE, socialImage } from "../../contract/lib/media-urls.ts";
import { canonicalUrl, pageMeta } from "./meta.ts";

const ORIGIN = "https://academy.example.ng";

/** The content of `<meta property|name=key>` tags in `tags`, in order. */
function values(tags: MetaDescriptor[], key: string): string[] {
  return tags.flatMap((t) => {
    const tag = t as Record<string, string>;
    return tag.property === key || tag.name === key ? [tag.content!] : [];
  });
}

describe("socialImage", () => {
  it("makes one of our pictures the 1200×630 JPEG, with an absolute address and its declared size", () => {
    expect(socialImage("/media/seed/slide-1.svg", "Learn to code", ORIGIN)).toEqual({
      url: `${ORIGIN}/media/seed/slide-1.svg?tr=w-1200,h-630,f-jpg`,
      alt: "Learn to code",
      type: "image/jpeg",
      width: 1200,
      height: 630,
    });
    // uploads are never overwritten: their URLs carry v=1 (cached as immutable)
    expect(socialImage("/media/uploads/abc.png", "A", `${ORIGIN}/`)?.url).toBe(
      `${ORIGIN}/media/uploads/abc.png?tr=${SOCIAL_IMAGE.tr}&v=1`,
    );
  });

  it("keeps an outside picture as it is, without a type or size it cannot know", () => {
    expect(socialImage("https://images.example.com/a.jpg", "A", ORIGIN)).toEqual({
      url: "https://images.example.com/a.jpg",
      alt: "A",
    });
  });

  it("has none for no picture or an address that is not one", () => {
    for (const src of ["", null, undefined, "javascript:alert(1)", "data:image/png;base64,AAAA", "/media/../x.png"]) {
      expect(socialImage(src, "A", ORIGIN)).toBeNull();
    }
  });

  it("firstSocialImage takes the first source that makes one", () => {
    const image = firstSocialImage(
      [
        { src: "", alt: "none" },
        { src: "/media/seed/course-1.svg", alt: "Course 1" },
        { src: "/media/seed/course-2.svg", alt: "Course 2" },
      ],
      ORIGIN,
    );
    expect(image?.alt).toBe("Course 1");
    expect(firstSocialImage([], ORIGIN)).toBeNull();
  });
});

describe("canonicalUrl", () => {
  it("is the origin and path with only the parameters given a value, in the order given", () => {
    expect(canonicalUrl(ORIGIN, "/")).toBe(`${ORIGIN}/`);
    expect(canonicalUrl(`${ORIGIN}/`, "/posts", { cat: "Video & Film", author: undefined })).toBe(
      `${ORIGIN}/posts?cat=Video+%26+Film`,
    );
    expect(canonicalUrl(ORIGIN, "/posts", { cat: "Coding", author: "ada" })).toBe(
      `${ORIGIN}/posts?cat=Coding&author=ada`,
    );
  });
});

describe("pageMeta", () => {
  const base = {
    title: "Courses | TechAfrica",
    description: "Browse courses.",
    siteName: "TechAfrica",
    url: `${ORIGIN}/courses`,
  };

  it("with one of our pictures: canonical, Open Graph with the picture's type, size and alt, the large card", () => {
    const tags = pageMeta({ ...base, image: socialImage("/media/seed/course-1.svg", "Frontend course", ORIGIN) });
    expect(tags).toContainEqual({ title: "Courses | TechAfrica" });
    expect(tags).toContainEqual({ tagName: "link", rel: "canonical", href: `${ORIGIN}/courses` });
    const image = `${ORIGIN}/media/seed/course-1.svg?tr=w-1200,h-630,f-jpg`;
    const expected: Record<string, string> = {
      description: "Browse courses.",
      "og:type": "website",
      "og:site_name": "TechAfrica",
      "og:title": "Courses | TechAfrica",
      "og:description": "Browse courses.",
      "og:url": `${ORIGIN}/courses`,
      "og:image": image,
      "og:image:secure_url": image,
      "og:image:type": "image/jpeg",
      "og:image:width": "1200",
      "og:image:height": "630",
      "og:image:alt": "Frontend course",
      "twitter:card": "summary_large_image",
      "twitter:title": "Courses | TechAfrica",
      "twitter:description": "Browse courses.",
      "twitter:image": image,
      "twitter:image:alt": "Frontend course",
    };
    for (const [key, value] of Object.entries(expected)) expect(values(tags, key), key).toEqual([value]);
  });

  it("without a picture: the small card and no image tags", () => {
    const tags = pageMeta({ ...base, type: "article", image: null });
    expect(values(tags, "twitter:card")).toEqual(["summary"]);
    expect(values(tags, "og:type")).toEqual(["article"]);
    for (const key of ["og:image", "og:image:type", "og:image:width", "twitter:image"]) {
      expect(values(tags, key), key).toEqual([]);
    }
  });

  it("with an outside picture: the picture, but no type or size, and the small card", () => {
    const tags = pageMeta({ ...base, image: socialImage("http://images.example.com/a.jpg", "A", ORIGIN) });
    expect(values(tags, "og:image")).toEqual(["http://images.example.com/a.jpg"]);
    expect(values(tags, "og:image:secure_url")).toEqual([]);
    expect(values(tags, "og:image:type")).toEqual([]);
    expect(values(tags, "twitter:card")).toEqual(["summary"]);
  });

  it("leaves out empty descriptions and keeps the extra tags last", () => {
    const tags = pageMeta({
      ...base,
      description: "",
      socialTitle: "Courses",
      extra: [{ property: "article:tag", content: "Coding" }],
    });
    expect(values(tags, "description")).toEqual([]);
    expect(values(tags, "og:description")).toEqual([]);
    expect(values(tags, "og:title")).toEqual(["Courses"]);
    expect(tags.at(-1)).toEqual({ property: "article:tag", content: "Coding" });
  });
});
