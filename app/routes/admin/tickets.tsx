// /tickets (spec admin-back-office §2 "Events and talents admin, tickets", §3 "Event", "Talent", §8;
// issue 18): the showcase's events and talents, declared resources (decisions 029, 036). An event's row
// opens its detail (/admin/event/{id}: tickets, check-in).
import type { Route } from "./+types/tickets";
import { resourcesOfNav } from "../../../contract/admin/resources.ts";
import { loadResources, resourceAction } from "../../lib/admin-resource.server.ts";
import { adminMeta } from "../../components/admin/admin-shell.tsx";
import { ResourceScreen } from "../../components/admin/resource-screen.tsx";

const SECTIONS = resourcesOfNav("tickets");
const TITLE = "Events and talents";

export const loader = (args: Route.LoaderArgs) => loadResources(args, SECTIONS);
export const action = (args: Route.ActionArgs) => resourceAction(args, SECTIONS);

export default function AdminTickets({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ResourceScreen
      title={TITLE}
      lead="The showcase page's events and talents: add, edit and delete them here."
      specs={SECTIONS}
      views={loaderData}
      actionData={actionData}
    />
  );
}

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta(TITLE, matches[0]?.loaderData?.siteName);
}
