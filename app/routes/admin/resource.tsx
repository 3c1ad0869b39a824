// A declared resource's screen of its own (spec admin-back-office §2, §5, §8; issues 16, 30; decisions
// 029, 071): app/pages.ts puts this module at the `adminPath` of every declared resource that no other
// page is at (/admin/blog-teasers, /admin/instructor-ctas...). It shows the resources declared at the
// route's address, under the first one's title.
import { data } from "react-router";
import type { Route } from "./+types/resource";
import { resourcesAt } from "../../../contract/admin/resources.ts";
import { loadResources, resourceAction } from "../../lib/admin-resource.server.ts";
import { adminMeta } from "../../components/admin/admin-shell.tsx";
import { ResourceScreen } from "../../components/admin/resource-screen.tsx";

/** The route's address (its pattern, /admin/blog-teasers, whatever the case the request spelled it in). */
function addressOf(pattern: string): string {
  const address = `/${pattern.replace(/^\/+|\/+$/g, "")}`;
  if (resourcesAt(address).length === 0) throw data(null, { status: 404 });
  return address;
}

export async function loader(args: Route.LoaderArgs) {
  const address = addressOf(args.pattern);
  return { address, views: await loadResources(args, resourcesAt(address)) };
}

export const action = (args: Route.ActionArgs) => resourceAction(args, resourcesAt(addressOf(args.pattern)));

export default function DeclaredResource({ loaderData, actionData }: Route.ComponentProps) {
  const specs = resourcesAt(loaderData.address);
  return (
    <ResourceScreen title={specs[0]!.texts.title} specs={specs} views={loaderData.views} actionData={actionData} />
  );
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const title = loaderData ? resourcesAt(loaderData.address)[0]?.texts.title : undefined;
  return adminMeta(title ?? "Admin", matches[0]?.loaderData?.siteName);
}
