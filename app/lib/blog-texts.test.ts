import { describe, expect, it } from "vitest";
import { ALL_CATEGORIES, BLOG_MESSAGES, POST_SORT_LABELS, POST_SORTS, POSTS_PAGE_SIZE } from "../../contract/blog.ts";
import * as texts from "./blog-texts.ts";

describe("the browser's copy of the blog texts", () => {
  it("says what the contract says", () => {
    for (const [key, value] of Object.entries(texts.BLOG_TEXTS)) {
      expect(BLOG_MESSAGES[key as keyof typeof BLOG_MESSAGES], key).toBe(value);
    }
    expect(texts.SORT_OPTIONS.map((o) => o.value)).toEqual([...POST_SORTS]);
    expect(texts.SORT_OPTIONS.map((o) => o.label)).toEqual(POST_SORTS.map((s) => POST_SORT_LABELS[s]));
    expect(texts.ALL_CATEGORIES).toBe(ALL_CATEGORIES);
    expect(texts.POSTS_PAGE_SIZE).toBe(POSTS_PAGE_SIZE);
  });
});
