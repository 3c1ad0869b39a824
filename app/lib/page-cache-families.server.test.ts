// Which pages the page cache keeps for anonymous visitors (decision 044): a course's page with the courses,
// never a learning page (per person).
import { describe, expect, it } from "vitest";
import { pageFamilyOf } from "./page-cache-families.server.ts";

const ID = "6b0c694dd832f2166625e2ed";

describe("the page families", () => {
  it("keep a course's page, and its data, in the courses scope", () => {
    expect(pageFamilyOf(`/courses/${ID}`)).toEqual({ scopes: ["courses"], page: true });
    expect(pageFamilyOf(`/courses/${ID}.data`)).toEqual({ scopes: ["courses"], page: true });
  });

  it("keep no learning page and no address that is no course's", () => {
    expect(pageFamilyOf(`/learn/${ID}`)).toBeNull();
    expect(pageFamilyOf(`/learn/${ID}/${ID}`)).toBeNull();
    expect(pageFamilyOf(`/learn/${ID}/${ID}.data`)).toBeNull();
    expect(pageFamilyOf("/courses/not-an-id")).toBeNull();
    expect(pageFamilyOf(`/courses/${ID}/more`)).toBeNull();
  });
});
