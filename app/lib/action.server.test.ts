// The one action kernel (app/lib/action.server.ts, decision 069) with stand-in services: a form that
// breaks the contract's schema, a refusal of the service, the step-up with its one code and its one
// password check, the one confirmation convention, and a success as a redirect with its message.
import { RouterContextProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { ACCESS_MESSAGES } from "../../contract/account/auth.ts";
import type { Actor } from "../../server/features/auth/actor.ts";
import { Conflict, Invalid, StepUpRequired } from "../../server/lib/errors.ts";
import { STEP_UP_CODE } from "./action-result.ts";
import { go, outcomeParts, readAction, refuse, runAction, stay, withCode } from "./action.server.ts";
import { appContext, type AppContext } from "./context.ts";
import { takeFlash } from "./flash.server.ts";
import { TEST_ADMIN as ADMIN } from "../../tests/support/actors.ts";

const COOKIES = { cookieSecret: "test-cookie-secret", secureCookies: false };
const Schema = z.object({
  title: z.string().trim().min(1, "Title is required"),
  price: z.coerce.number({ error: "Price must be a number" }).min(0, "Price must be 0 or more"),
});
const FIELDS = ["title", "price"] as const;
const form = { schema: Schema, fields: FIELDS, labels: { title: "Title", price: "Price" }, keep: FIELDS };

const verifyPassword = vi.fn(async (_actor: Actor, password: string) => {
  if (password !== "right") throw Invalid("That password is not right. Please try again.");
  return { verifiedAt: "2026-01-01T10:00:00.000Z" };
});

/** A post of `fields` to /admin/things?page=2, read as an admin's. */
function post(fields: Record<string, string>) {
  const context = new RouterContextProvider();
  context.set(appContext, {
    actor: ADMIN,
    services: { users: { verifyPassword } } as unknown as AppContext["services"],
    siteName: "TechAfrica",
    publicUrl: "http://localhost",
    nonce: "",
    clientIp: "127.0.0.1",
    viewer: null,
    ...COOKIES,
  });
  const request = new Request("http://localhost/admin/things?page=2", {
    method: "POST",
    body: new URLSearchParams(fields),
  });
  return readAction({ request, context }, "admin");
}

async function flashOf(response: Response) {
  const cookie = response.headers.get("Set-Cookie")!.split(";")[0]!;
  return (await takeFlash(new Request("http://localhost/", { headers: { Cookie: cookie } }), COOKIES)).flash;
}

describe("runAction", () => {
  it("a form that breaks the schema: the problems beside their fields, what was typed kept, nothing run", async () => {
    const run = vi.fn(async () => ({}));
    const answer = await runAction(await post({ title: "  ", price: "-3" }), {
      intent: "things.save",
      values: { id: "t1" },
      form,
      run,
      done: () => "Saved",
    });
    expect(run).not.toHaveBeenCalled();
    expect(answer).toEqual({
      ok: false,
      intent: "things.save",
      fieldErrors: { title: "Title is required", price: "Price must be 0 or more" },
      values: { title: "  ", price: "-3", id: "t1" },
    });
  });

  it("a refusal of the service: the form's failure in the page's words, the input kept; a bug is thrown on", async () => {
    const answer = await runAction(await post({ title: "Web", price: "5" }), {
      intent: "things.save",
      form,
      run: async () => {
        throw Conflict("A thing named Web exists.");
      },
      refused: (refused) => `Failed to save thing: ${refused.message}`,
      done: () => "Saved",
    });
    expect(answer).toEqual({
      ok: false,
      intent: "things.save",
      formError: "Failed to save thing: A thing named Web exists.",
      fieldErrors: {},
      values: { title: "Web", price: "5" },
    });
    const bug = runAction(await post({}), {
      run: async () => {
        throw new Error("boom");
      },
      done: () => "Saved",
    });
    await expect(bug).rejects.toThrow("boom");
  });

  it("a step-up refusal: the one code, the prompt, the change carried; the password checked once, then it runs", async () => {
    verifyPassword.mockClear();
    const run = vi.fn(async (_data: unknown, actor: Actor) => {
      if (!actor.verifiedAt) throw StepUpRequired(ACCESS_MESSAGES.stepUp);
      return { message: "Sent" };
    });
    const spec = {
      intent: "things.send",
      values: { id: "t1" },
      stepUp: { posts: "things.step-up" },
      run,
      done: ({ message }: { message: string }) => message,
    };
    expect(await runAction(await post({ intent: "things.send", id: "t1" }), spec)).toEqual({
      ok: false,
      intent: "things.send",
      code: STEP_UP_CODE,
      formError: ACCESS_MESSAGES.stepUp,
      fieldErrors: {},
      values: { id: "t1" },
    });
    expect(STEP_UP_CODE).toBe("step_up_required");
    // the prompt's post: a wrong password is said beside the field, and nothing runs
    run.mockClear();
    const wrong = await runAction(await post({ intent: "things.step-up", id: "t1", password: "wrong" }), spec);
    expect(wrong).toMatchObject({
      ok: false,
      code: STEP_UP_CODE,
      fieldErrors: { password: "That password is not right. Please try again." },
    });
    expect(run).not.toHaveBeenCalled();
    // the right one: the service runs with the fresh proof
    const done = await runAction(await post({ intent: "things.step-up", id: "t1", password: "right" }), spec);
    expect((done as Response).status).toBe(302);
    expect(run.mock.calls[0]![1].verifiedAt).toEqual(new Date("2026-01-01T10:00:00.000Z"));
    expect(verifyPassword).toHaveBeenCalledTimes(2);
  });

  it("a delete posted without confirmed=yes: the question as a success tagged <noun>.confirm, nothing run", async () => {
    const run = vi.fn(async () => ({}));
    const spec = {
      intent: "things.delete",
      values: { id: "t1" },
      confirm: { question: "Delete “Web”?", values: { id: "t1", label: "Web" } },
      run,
      done: () => "Thing deleted",
    };
    expect(await runAction(await post({ intent: "delete", id: "t1" }), spec)).toEqual({
      ok: true,
      intent: "things.confirm",
      message: "Delete “Web”?",
      values: { id: "t1", label: "Web" },
    });
    expect(run).not.toHaveBeenCalled();
    await runAction(await post({ intent: "delete", id: "t1", confirmed: "yes" }), spec);
    expect(run).toHaveBeenCalledOnce();
  });

  it("a success: a redirect to the same page with its message, or where go() says; stay() answers data", async () => {
    const here = await runAction(await post({ title: "Web", price: "5" }), {
      form,
      run: async (data) => data,
      done: (saved) => `Saved ${saved.title} at ${saved.price}`,
    });
    expect((here as Response).status).toBe(302);
    expect((here as Response).headers.get("Location")).toBe("/admin/things?page=2");
    expect(await flashOf(here as Response)).toEqual({ message: "Saved Web at 5", kind: "success" });

    const there = (await runAction(await post({}), {
      run: async () => ({}),
      done: () => go("/", "Gone", { replace: true }),
    })) as Response;
    expect(there.headers.get("Location")).toBe("/");
    expect(there.headers.get("X-Remix-Replace")).toBe("true");
    expect(await flashOf(there)).toEqual({ message: "Gone", kind: "success" });

    expect(
      await runAction(await post({}), {
        intent: "things.preview",
        run: async () => "<p>",
        done: (html) => stay("", { html }),
      }),
    ).toEqual({ ok: true, intent: "things.preview", message: "", values: { html: "<p>" } });
  });

  it("a service's { message, field } refusal lands beside its field when the page shows it, else above the form", async () => {
    const refusing = (outcome: { message: string; field?: string }) =>
      post({}).then((call) =>
        runAction(call, { run: async () => outcome, done: (o) => refuse(outcomeParts(o, ["email"])) }),
      );
    expect(await refusing({ message: "Taken", field: "email" })).toEqual({
      ok: false,
      fieldErrors: { email: "Taken" },
      values: {},
    });
    expect(await refusing({ message: "Too many", field: "token" })).toEqual({
      ok: false,
      formError: "Too many",
      fieldErrors: {},
      values: {},
    });
  });

  it("withCode: a refusal with its domain error code kept (the account forms, the role change)", async () => {
    const answer = await runAction(await post({ username: "ada" }), {
      values: { username: "ada" },
      run: async () => {
        throw Conflict("That username is taken.");
      },
      refused: withCode,
      done: () => "Welcome",
    });
    expect(answer).toEqual({
      ok: false,
      formError: "That username is taken.",
      fieldErrors: {},
      values: { username: "ada" },
      code: "conflict",
    });
  });
});
