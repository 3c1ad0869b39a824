// /reset-password?token= (architecture "Identity"): the page the reset e-mail links to. A dead link
// (unknown, used or expired token) says so at once, with a way to ask for a new one; a good one asks
// for the new password twice (a typo would otherwise lock the user out again) and then sends the user
// to /login?reset=1. Every session of the account ends with the reset (revokeSessionsOnPasswordReset).
import { useEffect, useRef } from "react";
import { redirect, useNavigation } from "react-router";
import type { Route } from "./+types/reset-password";
import { PASSWORD_MAX, PASSWORD_MIN } from "../../../contract/auth.ts";
import { AUTH_MESSAGES } from "../../../contract/auth.ts";
import { appContext } from "../../lib/context.ts";
import {
  AccountForm,
  AuthPage,
  Field,
  Notice,
  SubmitButton,
  TextLink,
  useFieldIds,
  useFocusOnProblems,
} from "../../components/account/auth-form.tsx";
import { textOf, type FormFailure } from "../../components/account/form-result.ts";
import { isPendingFor } from "../../components/account/pending.ts";
import { privateNoStore, siteNameOf } from "../../lib/meta.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services, clientIp } = context.get(appContext);
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const valid = await services.authFlows.checkResetToken({ headers: request.headers, clientIp }, token);
  return {
    token: valid ? token : "",
    badLink: valid ? null : AUTH_MESSAGES.badResetLink,
    limits: { passwordMin: PASSWORD_MIN, passwordMax: PASSWORD_MAX },
  };
}

const MISMATCH = "The two passwords are not the same. Please type the new password twice.";

const FIELDS = ["password", "confirm"] as const;
export type ResetActionData = FormFailure<(typeof FIELDS)[number], Record<string, never>> & { badLink?: string };

// Schema: PasswordSchema (contract/auth.ts), inside services.authFlows.resetPassword.
export async function action({ request, context }: Route.ActionArgs) {
  const { services, clientIp } = context.get(appContext);
  const form = await request.formData();
  const token = textOf(form, "token");
  const password = textOf(form, "password");
  if (password !== textOf(form, "confirm")) {
    const failed: ResetActionData = { ok: false, fieldErrors: { confirm: MISMATCH }, values: {} };
    return failed;
  }
  const result = await services.authFlows.resetPassword({ headers: request.headers, clientIp }, { token, password });
  if (result.ok) throw redirect("/login?reset=1");
  const failed: ResetActionData =
    result.field === "token"
      ? { ok: false, fieldErrors: {}, values: {}, badLink: result.message }
      : result.field === "password"
        ? { ok: false, fieldErrors: { password: result.message }, values: {} }
        : { ok: false, formError: result.message, fieldErrors: {}, values: {} };
  return failed;
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const { token, limits } = loaderData;
  const badLink = actionData?.badLink ?? loaderData.badLink;
  const ids = useFieldIds([...FIELDS, "form"]);
  const formRef = useRef<HTMLFormElement>(null);
  const pending = isPendingFor(useNavigation(), "/reset-password");
  const formErrorId = `${ids.form}-error`;
  useFocusOnProblems(formRef, actionData, formErrorId);
  // Passwords are never sent back; with JavaScript the fields are emptied after a refusal too.
  useEffect(() => {
    if (!actionData) return;
    for (const name of FIELDS) {
      const input = formRef.current?.elements.namedItem(name);
      if (input instanceof HTMLInputElement) input.value = "";
    }
  }, [actionData]);

  const footer = (
    <p>
      Remembered it? <TextLink to="/login">Sign in</TextLink>
    </p>
  );

  if (badLink) {
    return (
      <AuthPage title="Choose a new password" footer={footer}>
        <Notice tone="error" title="This link does not work." focus>
          <p>{badLink}</p>
          <p className="mt-3">
            <TextLink to="/forgot-password">Ask for a new reset link</TextLink>
          </p>
        </Notice>
      </AuthPage>
    );
  }

  return (
    <AuthPage
      title="Choose a new password"
      intro="Choose the password you will sign in with from now on."
      footer={footer}
    >
      <AccountForm formRef={formRef} error={actionData?.formError} errorId={formErrorId}>
        <input type="hidden" name="token" value={token} />
        <Field
          id={ids.password}
          name="password"
          label="New password"
          type="password"
          autoComplete="new-password"
          required
          minLength={limits.passwordMin}
          maxLength={limits.passwordMax}
          hint={`At least ${limits.passwordMin} characters, with both letters and numbers.`}
          error={actionData?.fieldErrors.password}
        />
        <Field
          id={ids.confirm}
          name="confirm"
          label="New password again"
          type="password"
          autoComplete="new-password"
          required
          maxLength={limits.passwordMax}
          error={actionData?.fieldErrors.confirm}
        />
        <SubmitButton pending={pending} label="Change my password" pendingLabel="Changing your password…" />
      </AccountForm>
    </AuthPage>
  );
}

export const headers = privateNoStore;

export function meta({ matches }: Route.MetaArgs) {
  const site = siteNameOf(matches);
  return [
    { title: `Choose a new password | ${site}` },
    { name: "robots", content: "noindex" },
    // the token is in this page's URL: never send it to another site
    { name: "referrer", content: "no-referrer" },
  ];
}
