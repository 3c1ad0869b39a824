// /reset-password?token= (architecture "Identity"): the page the reset e-mail links to. A dead link
// (unknown, used or expired token) says so at once, with a way to ask for a new one; a good one asks
// for the new password twice (a typo would otherwise lock the user out again) and then sends the user
// to /login?reset=1. Every session of the account ends with the reset (revokeSessionsOnPasswordReset).
import { useEffect, useRef } from "react";
import { redirect, useNavigation } from "react-router";
import type { Route } from "./+types/reset-password";
import { PASSWORD_MAX, PASSWORD_MIN } from "../../../contract/account/auth.ts";
import { AUTH_MESSAGES } from "../../../contract/account/auth.ts";
import { appContext } from "../../lib/context.ts";
import { ResetPasswordFormSchema } from "../../../contract/account/auth.ts";
import { AuthPage, TextLink } from "../../features/account/auth-form.tsx";
import {
  Field,
  Notice,
  PageForm,
  SubmitButton,
  isPendingFor,
  useContractCheck,
  useFieldIds,
  useFocusOnProblems,
} from "../../components/ui/form.tsx";
import type { ActionFailure } from "../../lib/action-result.ts";
import { outcomeParts, readAction, refuse, runAction, withCode } from "../../lib/action.server.ts";
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

const FIELDS = ["password", "confirm"] as const;
type ResetField = (typeof FIELDS)[number];
const LABELS: Record<ResetField, string> = { password: "New password", confirm: "New password again" };
/** The code of a failure that is about the link, not the form: the page then says the link is dead. */
const BAD_LINK = "bad_link";
/** A refused reset (success redirects to /login?reset=1); passwords never come back. */
export type ResetActionData = ActionFailure<ResetField, Record<string, never>>;

// Schema: ResetPasswordFormSchema (contract/account/auth.ts), here and in the browser; the password again in
// services.authFlows.resetPassword, which is the truth.
export async function action(args: Route.ActionArgs): Promise<ResetActionData | Response> {
  const call = await readAction(args, "anyone");
  const { services, clientIp } = call.ctx;
  return runAction(call, {
    form: { schema: ResetPasswordFormSchema, fields: FIELDS, labels: LABELS },
    run: ({ token, password }) =>
      services.authFlows.resetPassword({ headers: call.request.headers, clientIp }, { token, password }),
    refused: withCode,
    done: (result) => {
      if (result.ok) throw redirect("/login?reset=1");
      return refuse({ ...outcomeParts(result, FIELDS), ...(result.field === "token" ? { code: BAD_LINK } : {}) });
    },
  });
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const { token, limits } = loaderData;
  const badLink = actionData?.code === BAD_LINK ? actionData.formError : loaderData.badLink;
  const ids = useFieldIds([...FIELDS, "form"]);
  const formRef = useRef<HTMLFormElement>(null);
  const pending = isPendingFor(useNavigation(), "/reset-password");
  const check = useContractCheck({
    load: () => import("../../../contract/account/auth.ts").then((m) => m.ResetPasswordFormSchema),
    fields: FIELDS,
    answer: actionData,
  });
  const errors = check.errors ?? actionData?.fieldErrors;
  const formErrorId = `${ids.form}-error`;
  useFocusOnProblems(formRef, check.errors ?? actionData, formErrorId);
  // Passwords are never sent back; with JavaScript the fields are emptied after a refusal too (the
  // server's, or the browser's own check with the same schema).
  const refused = check.errors ?? actionData;
  useEffect(() => {
    if (!refused) return;
    for (const name of FIELDS) {
      const input = formRef.current?.elements.namedItem(name);
      if (input instanceof HTMLInputElement) input.value = "";
    }
  }, [refused]);

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
      <PageForm
        formRef={formRef}
        error={check.errors ? undefined : actionData?.formError}
        errorId={formErrorId}
        {...check.formProps}
      >
        <input type="hidden" name="token" value={token} />
        <Field
          id={ids.password}
          name="password"
          label={LABELS.password}
          type="password"
          autoComplete="new-password"
          required
          minLength={limits.passwordMin}
          maxLength={limits.passwordMax}
          hint={`At least ${limits.passwordMin} characters, with both letters and numbers.`}
          error={errors?.password}
        />
        <Field
          id={ids.confirm}
          name="confirm"
          label={LABELS.confirm}
          type="password"
          autoComplete="new-password"
          required
          maxLength={limits.passwordMax}
          error={errors?.confirm}
        />
        <SubmitButton pending={pending} label="Change my password" pendingLabel="Changing your password…" />
      </PageForm>
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
