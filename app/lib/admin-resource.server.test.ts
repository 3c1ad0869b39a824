// The declared resources' action (app/lib/admin-resource.server.ts) on /tickets, with stand-in
// services: a refused save names only the fields at fault (issue 29: an empty submit marked every
// field "… is required", the checkbox too, and a `javascript:` cover marked the filled fields as required).
import { RouterContextProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { URL_MESSAGE } from "../../contract/admin/admin-resource.ts";
import { action } from "../routes/admin/tickets.tsx";
import { appContext, type AppContext } from "./context.ts";
import { TEST_ADMIN as ADMIN } from "../../tests/support/actors.ts";

async function post(fields: Record<string, string>, resources: object) {
  const context = new RouterContextProvider();
  context.set(appContext, {
    actor: ADMIN,
    services: { resources },
    cookieSecret: "test-secret",
    secureCookies: false,
  } as unknown as AppContext);
  const request = new Request("http://localhost/tickets", { method: "POST", body: new URLSearchParams(fields) });
  return action({ request, url: new URL(request.url), params: {}, context } as unknown as Parameters<typeof action>[0]);
}

const EMPTY_EVENT = {
  name: "",
  description: "",
  time: "",
  startsAt: "",
  streamUrl: "",
  coverPhoto: "",
  photos: "",
};

describe("the /tickets action's refusals name only what is wrong", () => {
  it("an empty event: only the name is required, nothing else (not the checkbox)", async () => {
    const create = vi.fn();
    const answer = await post({ resource: "events", intent: "save", ...EMPTY_EVENT }, { events: { create } });
    expect(create).not.toHaveBeenCalled();
    expect(answer).toMatchObject({ ok: false, intent: "events.save", fieldErrors: { name: "Name is required" } });
    expect(Object.keys((answer as { fieldErrors: object }).fieldErrors)).toEqual(["name"]);
    expect((answer as { formError?: string }).formError).toBeUndefined();
  });

  it("a javascript: cover on a filled event: the cover's message only, the filled fields unmarked", async () => {
    const create = vi.fn();
    const answer = await post(
      {
        resource: "events",
        intent: "save",
        ...EMPTY_EVENT,
        name: "Demo day",
        time: "Saturday, 4 pm",
        hidden: "yes",
        coverPhoto: "javascript:alert(1)",
      },
      { events: { create } },
    );
    expect(create).not.toHaveBeenCalled();
    expect((answer as { fieldErrors: object }).fieldErrors).toEqual({ coverPhoto: URL_MESSAGE("Cover photo") });
    expect(answer).toMatchObject({ values: { name: "Demo day", time: "Saturday, 4 pm" } });
  });

  it("a talent with a javascript: photo: the photo's message only", async () => {
    const create = vi.fn();
    const answer = await post(
      { resource: "talents", intent: "save", name: "Ngozi", role: "Designer", photo: "javascript:alert(1)" },
      { talents: { create } },
    );
    expect((answer as { fieldErrors: object }).fieldErrors).toEqual({ photo: URL_MESSAGE("Photo") });
  });
});
