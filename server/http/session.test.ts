import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import type { Auth } from "../features/auth/auth.ts";
import type { AppEnv } from "./middleware.ts";
import { loadActor } from "./session.ts";

/** An app whose identity answers "ada" to every session lookup, counting the lookups. */
function appWithCountingAuth() {
  let lookups = 0;
  const auth = {
    api: {
      getSession: async () => {
        lookups++;
        return {
          user: { id: "u1", name: "ada", username: "ada", email: "ada@example.com", image: null, role: "user" },
          session: { id: "s1", verifiedAt: null },
        };
      },
    },
  } as unknown as Auth;
  const app = new Hono<AppEnv>();
  app.use("*", loadActor(auth));
  app.get("*", (c) => c.json({ actor: c.get("actor")?.username ?? null }));
  return { app, lookups: () => lookups };
}

const cookie = { Cookie: "academy.session_token=abc.def" };

describe("loadActor", () => {
  it("looks the session up for pages and API calls that carry a cookie or a bearer token", async () => {
    const { app, lookups } = appWithCountingAuth();
    expect(await (await app.request("/courses", { headers: cookie })).json()).toEqual({ actor: "ada" });
    expect(await (await app.request("/backend/api/me", { headers: { Authorization: "Bearer t" } })).json()).toEqual({
      actor: "ada",
    });
    expect(lookups()).toBe(2);
  });

  it("never touches the database for anonymous requests, build assets or images", async () => {
    const { app, lookups } = appWithCountingAuth();
    expect(await (await app.request("/courses")).json()).toEqual({ actor: null });
    expect(await (await app.request("/assets/entry-abc.js", { headers: cookie })).json()).toEqual({ actor: null });
    expect(await (await app.request("/media/avatars/x.png", { headers: cookie })).json()).toEqual({ actor: null });
    expect(lookups()).toBe(0);
  });
});
