// The showcase's declared admin lists (admin-back-office §2 "Events and talents admin, tickets", §3
// "Talent", §8 "Failed to save talent: "; issue 18; decision 029): talents are a list of simple records
// (name, role, photo), edited at /tickets. No zod here: the admin pages import it up front.
import type { ResourceSpec } from "../admin/admin-resource.ts";
import { EVENT_DATE_MESSAGES, eventHasDate } from "./event-dates.ts";

export const TALENTS: ResourceSpec<"name" | "role" | "photo", "talents"> = {
  key: "talents",
  adminPath: "/tickets",
  scope: "events",
  nav: "tickets",
  fields: [
    { name: "name", label: "Name", kind: "text", required: true, max: 100 },
    {
      name: "role",
      label: "Role",
      kind: "text",
      required: true,
      max: 100,
      hint: "What they do: Video editor, Designer…",
    },
    {
      name: "photo",
      label: "Photo",
      kind: "image",
      required: true,
      max: 2048,
      hint: "Upload a picture, or give its address (https://… or /media/…).",
    },
  ],
  list: { title: "name", preview: "role" },
  ordered: false,
  texts: {
    one: "talent",
    many: "Talents",
    title: "Talents",
    lead: "The talents on the showcase page.",
    added: "Talent added successfully",
    updated: "Talent updated successfully",
    deleted: "Talent deleted successfully",
    // spec admin §8: 'Failed to save talent: ', 'Failed to delete ...'
    addFailed: (m) => `Failed to save talent: ${m}`,
    updateFailed: (m) => `Failed to save talent: ${m}`,
    deleteFailed: (m) => `Failed to delete talent: ${m}`,
    confirmDelete: (name) => `Are you sure you want to delete ${name}?`,
    empty: "No talents yet.",
    notFound: "Talent not found",
    add: "Add Talent",
    update: "Update Talent",
    moved: "Talents' order saved",
  },
};

/** The fields of an event in the /tickets form (issue 18): every value text, as the form posts it. */
export type EventField =
  "name" | "description" | "time" | "startsAt" | "streamUrl" | "coverPhoto" | "photos" | "hidden";

/** The list's Showcase column: hidden, shown, or shown without tickets until it has a date (decision 061). */
export function showcaseState(item: Readonly<Record<string, unknown>>): string {
  if (item.hidden === "yes") return "Hidden";
  const time = typeof item.time === "string" ? item.time : "";
  const startsAt = typeof item.startsAt === "string" && item.startsAt !== "" ? item.startsAt : null;
  return eventHasDate({ time, startsAt }) ? "Shown" : EVENT_DATE_MESSAGES.incomplete;
}

/**
 * The showcase's events (admin §2, §3 "Event"; issue 18; decision 036). Their service is their own
 * (server/features/events/events-admin.service.ts: the start in Lagos time, the photos a list, the
 * streaming link never public, the delete refused with paid tickets), the screen and the form path the kit's.
 */
export const EVENTS: ResourceSpec<EventField, "events"> = {
  key: "events",
  adminPath: "/tickets",
  scope: "events",
  nav: "tickets",
  fields: [
    { name: "name", label: "Name", kind: "text", required: true, max: 200, oneLine: true },
    { name: "description", label: "Description", kind: "textarea", max: 5000 },
    {
      name: "time",
      label: "Time",
      kind: "text",
      max: 200,
      hint: "As the showcase shows it: Saturday 14 March, 4 pm WAT",
    },
    {
      name: "startsAt",
      label: "Starts (Lagos time)",
      kind: "datetime",
      max: 16,
      hint: "Ticket holders get the streaming link by e-mail 24 hours before.",
    },
    {
      name: "streamUrl",
      label: "Streaming link",
      kind: "link",
      httpsOnly: true,
      max: 2048,
      hint: "https:// only. Sent to ticket holders by e-mail; never shown on the site.",
    },
    {
      name: "coverPhoto",
      label: "Cover photo",
      kind: "image",
      max: 2048,
      hint: "Upload a picture, or give its address (https://… or /media/…).",
    },
    {
      name: "photos",
      label: "Photos",
      kind: "images",
      max: 20 * 2049,
      maxItems: 20,
      hint: "One address a line (https://… or /media/…); an upload adds one.",
    },
    {
      name: "hidden",
      label: "Hidden from the showcase",
      kind: "checkbox",
      max: 3,
      hint: "Not on /showcase and no tickets sold. An event with paid tickets is hidden, never deleted.",
    },
  ],
  list: {
    title: "name",
    preview: "time",
    columns: [
      { key: "startsText", header: "Starts (Lagos)", cell: (item) => String(item.startsText ?? "") || "N/A" },
      { key: "ticketsText", header: "Tickets", cell: (item) => String(item.ticketsText ?? "0"), alignEnd: true },
      { key: "shown", header: "Showcase", cell: showcaseState },
    ],
  },
  ordered: false,
  viewHref: (id) => `/admin/event/${encodeURIComponent(id)}`,
  texts: {
    one: "event",
    many: "Events",
    title: "Events",
    lead: "The showcase's events: their tickets are sold on /showcase.",
    added: "Event added successfully",
    updated: "Event updated successfully",
    deleted: "Event deleted successfully",
    // spec admin §8: 'Failed to save event: ', 'Failed to delete ...'
    addFailed: (m) => `Failed to save event: ${m}`,
    updateFailed: (m) => `Failed to save event: ${m}`,
    deleteFailed: (m) => `Failed to delete event: ${m}`,
    confirmDelete: (name) => `Are you sure you want to delete ${name}?`,
    empty: "No events yet.",
    notFound: "Event not found",
    add: "Add Event",
    update: "Update Event",
    moved: "",
  },
};

/** This module's resources, in the order /tickets shows them. */
export const SHOWCASE_RESOURCES = [EVENTS, TALENTS] as const;
