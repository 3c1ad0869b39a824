// An admin screen made of declared resources (decision 029): the page heading, then one section per
// resource, in the order given. The page's h1 is the first section's own title when they are the same
// (/admin/faqs is 'FAQs'; /admin/home is 'Admin Dashboard - Carousel' with the other sections below).
import { isOnlyList, type ResourceSpec } from "../../../contract/admin-resource.ts";
import type { ResourceActionResult, ResourceView } from "../../lib/admin-resource.server.ts";
import { AdminPageHeader } from "./admin-shell.tsx";
import { ResourceSection } from "./resource-section.tsx";

export function ResourceScreen({
  title,
  lead,
  specs,
  views,
  actionData,
}: {
  title: string;
  lead?: string;
  specs: ReadonlyArray<ResourceSpec>;
  views: Record<string, ResourceView>;
  actionData: ResourceActionResult | undefined;
}) {
  return (
    <>
      <AdminPageHeader
        title={title}
        lead={lead ?? (specs[0]?.texts.title === title ? specs[0].texts.lead : undefined)}
      />
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
