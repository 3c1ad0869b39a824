import { describe, expect, it } from "vitest";
import { featuredPostsQuery, listParamsOf, readPostsQuery, recentPostsQuery } from "./blog.server.ts";

const read = (query: string) => readPostsQuery(new URLSearchParams(query));

describe("readPostsQuery", () => {
  it("reads the list's parameters, 10 a page", () => {
    expect(read("page=3&search=react&sort=popular&cat=Coding&author=ada")).toEqual({
      page: 3,
      limit: 10,
      search: "react",
      sort: "popular",
      cat: "Coding",
      author: "ada",
      featured: undefined,
    });
  });

  it("starts at page 1, newest first by default", () => {
    const query = read("");
    expect(query).toMatchObject({ page: 1, limit: 10 });
    expect(query.sort).toBeUndefined();
    expect(query.search).toBeUndefined();
  });

  it("falls back to the default for a bad field and keeps the good ones", () => {
    const query = read("page=abc&sort=sideways&cat=Coding&search=x");
    expect(query).toMatchObject({ page: 1, cat: "Coding", search: "x" });
    expect(query.sort).toBeUndefined();
    expect(read("page=0&sort=oldest")).toMatchObject({ page: 1, sort: "oldest" });
    expect(read("page=99999")).toMatchObject({ page: 1 });
    expect(read("page=2.5&author=ada")).toMatchObject({ page: 1, author: "ada" });
  });

  it("ignores limit and featured: the page's size and list are fixed", () => {
    expect(read("limit=50&featured=true")).toMatchObject({ limit: 10, featured: undefined });
    expect(read("limit=nonsense&featured=maybe&page=2")).toMatchObject({ limit: 10, page: 2 });
  });

  it("treats cat=general as every category, and takes the first of a repeated parameter", () => {
    expect(read("cat=general").cat).toBeUndefined();
    expect(read("cat=General").cat).toBeUndefined();
    expect(read("search=first&search=second").search).toBe("first");
  });
});

describe("listParamsOf", () => {
  it("keeps the set filters only", () => {
    expect(listParamsOf(read("search=x&page=4"))).toEqual({ search: "x" });
    expect(listParamsOf(read("sort=trending&cat=Design&author=bo"))).toEqual({
      sort: "trending",
      cat: "Design",
      author: "bo",
    });
  });
});

describe("the blog page's queries", () => {
  it("asks for 4 featured posts, newest first, and the newest posts", () => {
    expect(featuredPostsQuery()).toMatchObject({ featured: true, limit: 4, sort: "newest", page: 1 });
    expect(recentPostsQuery(6)).toMatchObject({ limit: 6, sort: "newest", page: 1 });
    expect(recentPostsQuery(6).featured).toBeUndefined();
  });
});
