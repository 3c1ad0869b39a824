// /forgot-password (architecture "Identity": password reset through the mailer). The answer is always
// the same, so the form never tells anyone whether an address has an account.
import { useRef } from "react";
import { useNavigation } from "react-router";
import type { Route } from "./+types/forgot-password";
import { EMAIL_MAX } from "../../../contract/common.ts";
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

export function loader() {
  return { limits: { email: EMAIL_MAX } };
}

// Schema: EmailSchema (contract/common.ts), inside services.authFlows.requestPasswordReset.
export type ForgotActionData = { ok: true; message: string; email: string } | FormFailure<"email", { email: string }>;

export async function action({ request, context }: Route.ActionArgs) {
  const { services, clientIp } = context.get(appContext);
  const form = await request.formData();
  const email = textOf(form, "email");
  const result = await services.authFlows.requestPasswordReset({ headers: request.headers, clientIp }, { email });
  if (result.ok) {
    const sent: ForgotActionData = { ok: true, message: result.value, email: email.trim() };
    return sent;
  }
  const failed: ForgotActionData =
    result.field === "email"
      ? { ok: false, fieldErrors: { email: result.message }, values: { email } }
      : { ok: false, formError: result.message, fieldErrors: {}, values: { email } };
  return failed;
}

export default function ForgotPassword({ loaderData, actionData }: Route.ComponentProps) {
  const ids = useFieldIds(["email", "form"]);
  const formRef = useRef<HTMLFormElement>(null);
  const pending = isPendingFor(useNavigation(), "/forgot-password");
  const failure = actionData && !actionData.ok ? actionData : undefined;
  const formErrorId = `${ids.form}-error`;
  useFocusOnProblems(formRef, failure, formErrorId);

  const footer = (
    <p>
      Remembered it? <TextLink to="/login">Sign in</TextLink>
    </p>
  );

  if (actionData?.ok) {
    return (
      <AuthPage title="Check your e-mail" footer={footer}>
        <Notice tone="success" title={actionData.message} focus>
          <p>
            We sent it to <strong className="break-all">{actionData.email}</strong> if that address has an account. The
            link works for one hour, once. No e-mail after a few minutes? Look in your spam folder, or{" "}
            <TextLink to="/forgot-password">ask again</TextLink>.
          </p>
        </Notice>
      </AuthPage>
    );
  }

  return (
    <AuthPage
      title="Forgot your password?"
      intro="Enter the e-mail address of your account and we will send you a link to choose a new password."
      footer={footer}
    >
      <AccountForm formRef={formRef} error={failure?.formError} errorId={formErrorId}>
        <Field
          id={ids.email}
          name="email"
          label="E-mail"
          type="email"
          inputMode="email"
          autoComplete="email"
          required
          maxLength={loaderData.limits.email}
          defaultValue={failure?.values.email}
          error={failure?.fieldErrors.email}
        />
        <SubmitButton pending={pending} label="Send me a reset link" pendingLabel="Sending…" />
      </AccountForm>
    </AuthPage>
  );
}

export const headers = privateNoStore;

export function meta({ matches }: Route.MetaArgs) {
  const site = siteNameOf(matches);
  return [{ title: `Forgot your password? | ${site}` }, { name: "robots", content: "noindex" }];
}
