// The one registry of declared resources (contract/admin/resources.ts; issue 30; decision 071): the operation
// ids its rule gives are the ones the API always had (generated clients are named after them), each
// resource belongs to a navigation entry and has a page at its address, and a declaration without a
// service is said by name at start-up.
import { describe, expect, it } from "vitest";
import { ADMIN_NAV } from "../../app/components/admin/admin-nav.ts";
import { PAGES, type PageEntry } from "../../app/pages.ts";
import { operationIdsOf, RESOURCES, resourcesAt, resourcesOfNav } from "../../contract/admin/resources.ts";
import { RESOURCE_TABLES } from "../../server/db/resource-tables.ts";
import { checkRegistry, type ListService, type SingleService } from "../../server/features/admin/registry.service.ts";

describe("the registry", () => {
  it("names each resource once", () => {
    const keys = RESOURCES.map((spec) => spec.key);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("gives the kit's resources the operation ids they always had", () => {
    const ids = Object.fromEntries(
      RESOURCES.filter((spec) => Object.hasOwn(RESOURCE_TABLES, spec.key)).map((spec) => [
        spec.key,
        Object.values(operationIdsOf(spec)),
      ]),
    );
    const six = (many: string, one: string) => [
      `list${many}`,
      `list${many}ForAdmin`,
      `create${one}`,
      `update${one}`,
      `delete${one}`,
      `move${one}`,
    ];
    expect(ids).toEqual({
      carousel: six("CarouselSlides", "CarouselSlide"),
      blogTeasers: six("BlogTeasers", "BlogTeaser"),
      instructorCTAs: six("InstructorCtas", "InstructorCta"),
      faqs: six("Faqs", "Faq"),
      experts: six("Experts", "Expert"),
      talents: six("Talents", "Talent"),
    });
  });

  it("puts each resource under an entry of the admin navigation, on a page of the admin area", () => {
    const paths = new Set<string>();
    const walk = (pages: readonly PageEntry[], base: string) => {
      for (const page of pages) {
        const here = page.path === undefined ? base : `${base}/${page.path}`;
        paths.add(here);
        walk(page.children ?? [], here);
      }
    };
    walk(PAGES, "");
    for (const spec of RESOURCES) {
      expect(
        ADMIN_NAV.map((entry) => entry.key),
        spec.key,
      ).toContain(spec.nav);
      expect(paths.has(spec.adminPath), spec.adminPath).toBe(true);
      expect(resourcesAt(spec.adminPath)).toContain(spec);
    }
    // the entries' own screens show their resources in the registry's order
    expect(resourcesOfNav("homePage").map((spec) => spec.key)).toEqual([
      "carousel",
      "blogTeasers",
      "instructorCTAs",
      "faqs",
    ]);
    expect(resourcesOfNav("about").map((spec) => spec.key)).toEqual(["hero", "experts"]);
    expect(resourcesOfNav("tickets").map((spec) => spec.key)).toEqual(["events", "talents"]);
  });

  it("refuses to start with a declared resource that has no service, naming it", () => {
    const list = {} as ListService;
    const single = {} as SingleService;
    const lists = Object.fromEntries(RESOURCES.filter((s) => !s.single).map((s) => [s.key, list]));
    const singles = Object.fromEntries(RESOURCES.filter((s) => s.single).map((s) => [s.key, single]));
    expect(() => checkRegistry(lists, singles)).not.toThrow();
    const { faqs: _gone, ...withoutFaqs } = lists;
    expect(() => checkRegistry(withoutFaqs, singles)).toThrow(
      'The declared resource "faqs" has no table in server/db/resource-tables.ts nor a service of its own',
    );
    expect(() => checkRegistry(lists, {})).toThrow('The declared resource "hero" has no single-record service');
  });
});
