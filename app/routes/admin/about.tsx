// /admin/about, 'Admin Panel' (spec admin-back-office §2 "Hero and experts panel", §8; issue 16): the
// about page's hero (Update Hero / Delete Hero) and its experts, as declared resources (decision 029).
import type { Route } from "./+types/about";
import { resourcesOfNav } from "../../../contract/admin/resources.ts";
import { loadResources, resourceAction } from "../../lib/admin-resource.server.ts";
import { adminMeta } from "../../components/admin/admin-shell.tsx";
import { ResourceScreen } from "../../components/admin/resource-screen.tsx";

const SECTIONS = resourcesOfNav("about");

export const loader = (args: Route.LoaderArgs) => loadResources(args, SECTIONS);
export const action = (args: Route.ActionArgs) => resourceAction(args, SECTIONS);

export default function AdminAbout({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ResourceScreen
      title="Admin Panel"
      lead="The about page: its hero banner and its experts."
      specs={SECTIONS}
      views={loaderData}
      actionData={actionData}
    />
  );
}

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta("About page", matches[0]?.loaderData?.siteName);
}
