// The account forms' flows that the pages rely on beyond auth.test.ts: the profile image of the sign-up
// form (stored only for a sign-up that succeeds), the reset-link check of /reset-password, and the
// larger body limit of the sign-up form post.
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { user } from "../../db/schema.ts";
import { linkFromMail, sameOrigin, uniqueName } from "../../../tests/support/accounts.ts";
import { pngImage, truncatedPng } from "../../../tests/support/images.ts";
import { createTestApp, type TestApp } from "../../../tests/support/test-app.ts";
import { AVATAR_MESSAGES } from "../../../contract/account/auth.ts";
import type { Caller } from "./auth-flows.ts";
import { AUTH_MESSAGES } from "../../../contract/account/auth.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SIGN_IN_RATE_LIMIT: "2" });
});
afterAll(() => t.close());

let ip = 0;
const caller = (): Caller => ({ headers: new Headers(sameOrigin(t)), clientIp: `10.1.0.${++ip}` });
const avatarsDir = () => path.join(t.env.DATA_DIR, "media", "avatars");
const avatarFiles = () => (existsSync(avatarsDir()) ? readdirSync(avatarsDir()) : []);
const details = () => {
  const username = uniqueName();
  return { username, email: `${username}@example.com`, password: "correct horse 42" };
};

describe("sign-up with a profile image", () => {
  it("stores the picture and puts its URL on the new user", async () => {
    const input = details();
    const result = await t.services.authFlows.signUp(
      caller(),
      input,
      new Blob([await pngImage()], { type: "image/png" }),
    );
    expect(result.ok).toBe(true);
    const [row] = await t.db.select().from(user).where(eq(user.email, input.email));
    expect(row?.image).toMatch(/^\/media\/avatars\/[0-9a-f]{24}\.webp$/);
    expect(avatarFiles()).toContain(path.basename(row!.image!));
  });

  it("refuses what is no picture (or a broken one) at the image field, and makes no account", async () => {
    for (const bytes of [new TextEncoder().encode("<svg/>"), await truncatedPng()]) {
      const input = details();
      const before = avatarFiles().length;
      const result = await t.services.authFlows.signUp(caller(), input, new Blob([bytes], { type: "image/png" }));
      expect(result).toMatchObject({ ok: false, status: 422, message: AVATAR_MESSAGES.badType, field: "image" });
      expect(await t.db.select().from(user).where(eq(user.email, input.email))).toEqual([]);
      expect(avatarFiles().length).toBe(before);
    }
  });

  it("does not check or store the picture when the other fields are refused", async () => {
    const before = avatarFiles().length;
    const result = await t.services.authFlows.signUp(
      caller(),
      { ...details(), password: "short" },
      new Blob([await pngImage()], { type: "image/png" }),
    );
    expect(result).toMatchObject({ ok: false, field: "password" });
    expect(avatarFiles().length).toBe(before);
  });

  it("removes the stored picture again when the sign-up fails after it (here: the rate limit)", async () => {
    const who = caller();
    // SIGN_IN_RATE_LIMIT is 2 a minute per address for this app
    for (let i = 0; i < 2; i++) await t.services.authFlows.signUp(who, details());
    const before = avatarFiles().length;
    const input = details();
    const result = await t.services.authFlows.signUp(who, input, new Blob([await pngImage()], { type: "image/png" }));
    expect(result).toMatchObject({ ok: false, status: 429, message: AUTH_MESSAGES.tooMany });
    expect(avatarFiles().length).toBe(before);
    expect(await t.db.select().from(user).where(eq(user.email, input.email))).toEqual([]);
  });
});

describe("checkResetToken", () => {
  it("is true for a fresh reset link's token only, without using it up", async () => {
    const flows = t.services.authFlows;
    const input = details();
    expect((await flows.signUp(caller(), input)).ok).toBe(true);
    await flows.requestPasswordReset(caller(), { email: input.email });
    const token = new URL(await waitForLink(input.email)).searchParams.get("token")!;

    expect(await flows.checkResetToken(caller(), "forged")).toBe(false);
    expect(await flows.checkResetToken(caller(), "")).toBe(false);
    expect(await flows.checkResetToken(caller(), token)).toBe(true);
    expect(await flows.checkResetToken(caller(), token)).toBe(true);
    expect(await flows.resetPassword(caller(), { token, password: "brand new 99" })).toMatchObject({ ok: true });
    expect(await flows.checkResetToken(caller(), token)).toBe(false);
  });
});

async function waitForLink(email: string): Promise<string> {
  await t.mailer.drain();
  return linkFromMail(t, email, /reset/i);
}

describe("the body limit of the sign-up form", () => {
  const big = () => {
    const form = new FormData();
    form.set("username", "someone");
    form.set("image", new Blob([new Uint8Array(2 * 1024 * 1024)]), "photo.jpg");
    return form;
  };

  it("lets a post with a phone-sized photo reach /register (the page then says it is too big)", async () => {
    for (const url of ["/register", "/register.data"]) {
      const res = await t.request(url, { method: "POST", body: big() });
      expect(res.status, url).not.toBe(413);
    }
  });

  it("keeps the normal limit everywhere else", async () => {
    const res = await t.request("/contact", { method: "POST", body: big() });
    expect(res.status).toBe(413);
  });
});

describe("sign-in with a name no account can have", () => {
  it("gets the same answer as an unknown account", async () => {
    for (const identifier of ["ab", "x".repeat(31), "not valid!"]) {
      expect(
        await t.services.authFlows.signIn(caller(), { identifier, password: "whatever 1" }),
        identifier,
      ).toMatchObject({
        ok: false,
        message: AUTH_MESSAGES.wrongCredentials,
      });
    }
  });
});
