import { describe, expect, it } from "vitest";
import { hiddenInputs, listEntries, postsApiUrl, postsHref } from "./post-list-params.ts";

describe("hiddenInputs", () => {
  it("carries every other set parameter, in address order", () => {
    expect(hiddenInputs({ author: "ada", cat: "Coding", sort: "oldest", search: "react" }, "search")).toEqual([
      { name: "sort", value: "oldest" },
      { name: "cat", value: "Coding" },
      { name: "author", value: "ada" },
    ]);
    expect(hiddenInputs({ search: "react", sort: "popular" }, "sort")).toEqual([{ name: "search", value: "react" }]);
  });

  it("leaves out parameters that are not set or empty", () => {
    expect(hiddenInputs({}, "search")).toEqual([]);
    expect(hiddenInputs({ search: "", cat: undefined, sort: "newest" }, "cat")).toEqual([
      { name: "sort", value: "newest" },
    ]);
  });
});

describe("postsHref", () => {
  it("is /posts without parameters", () => {
    expect(postsHref({})).toBe("/posts");
  });

  it("changes one parameter and keeps the others", () => {
    expect(postsHref({ search: "a b", sort: "trending" }, { cat: "Web & Mobile" })).toBe(
      "/posts?search=a+b&sort=trending&cat=Web+%26+Mobile",
    );
    expect(postsHref({ search: "x", cat: "Coding" }, { cat: "general" })).toBe("/posts?search=x&cat=general");
  });

  it("removes a parameter changed to undefined", () => {
    expect(postsHref({ search: "x", author: "ada" }, { author: undefined })).toBe("/posts?search=x");
  });

  it("adds the page only beyond the first", () => {
    expect(postsHref({ cat: "Coding" }, {}, 1)).toBe("/posts?cat=Coding");
    expect(postsHref({ cat: "Coding" }, {}, 3)).toBe("/posts?cat=Coding&page=3");
  });
});

describe("postsApiUrl", () => {
  it("asks the API for a page of the same list", () => {
    expect(postsApiUrl({ author: "ada", search: "rust" }, 2, 10)).toBe(
      "/backend/posts?search=rust&author=ada&page=2&limit=10",
    );
    expect(postsApiUrl({}, 1, 10)).toBe("/backend/posts?page=1&limit=10");
  });
});

describe("listEntries", () => {
  it("can leave several out", () => {
    expect(listEntries({ search: "s", sort: "oldest", cat: "c", author: "a" }, ["search", "author"])).toEqual([
      ["sort", "oldest"],
      ["cat", "c"],
    ]);
  });
});
