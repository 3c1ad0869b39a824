// An admin screen made of declared resources (decision 029): the page heading, then one section per
// resource, in the order given. The page's h1 is the first section's own title when they are the same
// (/admin/faqs is 'FAQs'; /admin/home is 'Admin Dashboard - Carousel' with the other sections below).
// A section whose own screen is elsewhere (/admin/home's teasers, calls to action and FAQs) is linked to
// it under the heading: those screens were linked from nowhere (issue 29).
import { Link, useLocation } from "react-router";
import { isOnlyList, type ResourceSpec } from "../../../contract/admin/admin-resource.ts";
import type { ResourceActionResult, ResourceView } from "../../lib/admin-resource.server.ts";
import { AdminPageHeader } from "./admin-shell.tsx";
import { ResourceSection } from "./resource-section.tsx";

export function ResourceScreen({
  title,
  lead,
  ownScreensTitle = "Each on a screen of its own",
  specs,
  views,
  actionData,
}: {
  title: string;
  lead?: string;
  /** the heading of the links to the sections' own screens, when some are elsewhere */
  ownScreensTitle?: string;
  specs: ReadonlyArray<ResourceSpec>;
  views: Record<string, ResourceView>;
  actionData: ResourceActionResult | undefined;
}) {
  const { pathname } = useLocation();
  const elsewhere = specs.filter((spec) => !spec.single && spec.adminPath !== pathname);
  return (
    <>
      <AdminPageHeader
        title={title}
        lead={lead ?? (specs[0]?.texts.title === title ? specs[0].texts.lead : undefined)}
      />
      {elsewhere.length > 0 ? (
        <nav
          aria-labelledby="own-screens-title"
          className="mt-4 rounded-lg border border-slate-200 bg-slate-50 px-4 py-3"
        >
          <h2 id="own-screens-title" className="text-sm font-semibold text-slate-900">
            {ownScreensTitle}
          </h2>
          <ul className="mt-1 flex flex-wrap gap-x-6 gap-y-1">
            {elsewhere.map((spec) => (
              <li key={spec.key}>
                <Link
                  to={spec.adminPath}
                  className="inline-flex min-h-11 items-center font-medium text-brand-700 underline underline-offset-4 hover:text-brand-900 sm:min-h-0"
                >
                  {spec.texts.title}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      {specs.map((spec, index) => (
        <ResourceSection
          key={spec.key}
          spec={spec}
          view={views[spec.key]!}
          actionData={actionData}
          alone={isOnlyList(specs)}
          headed={index === 0 && spec.texts.title === title}
        />
      ))}
    </>
  );
}
