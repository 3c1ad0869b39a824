// The showcase's declared admin lists (admin-back-office §2 "Events and talents admin, tickets", §3
// "Talent", §8 "Failed to save talent: "; issue 18; decision 029): talents are a list of simple records
// (name, role, photo), edited at /tickets. No zod here: the admin pages import it up front.
import type { ResourceSpec } from "./admin-resource.ts";

export const TALENTS: ResourceSpec<"name" | "role" | "photo"> = {
  key: "talents",
  adminPath: "/tickets",
  fields: [
    { name: "name", label: "Name", kind: "text", required: true, max: 100 },
    { name: "role", label: "Role", kind: "text", required: true, max: 100, hint: "What they do: Video editor, Designer…" },
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
