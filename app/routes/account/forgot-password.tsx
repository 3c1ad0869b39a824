// /forgot-password (architecture "Identity": password reset through the mailer). The answer is always
// the same, so the form never tells anyone whether an address has an account.
import { useRef } from "react";
import { useNavigation } from "react-router";
import type { Route } from "./+types/forgot-password";
import { EMAIL_MAX } from "../../../contract/lib/common.ts";
import { ForgotPasswordSchema } from "../../../contract/account/auth.ts";
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
import type { ActionResult } from "../../lib/action-result.ts";
import { outcomeParts, readAction, refuse, runAction, stay, withCode } from "../../lib/action.server.ts";
import type { FormValues } from "../../lib/forms.server.ts";
import { privateNoStore, siteNameOf } from "../../lib/meta.ts";

export function loader() {
  return { limits: { email: EMAIL_MAX } };
}

// Schema: ForgotPasswordSchema (contract/account/auth.ts), here, in the browser and again inside
// services.authFlows.requestPasswordReset.
const FIELDS = ["email"] as const;
const LABELS = { email: "E-mail" };
export type ForgotActionData = ActionResult<"email", FormValues<"email">, { email: string }>;

export async function action(args: Route.ActionArgs): Promise<ForgotActionData | Response> {
  const call = await readAction(args, "anyone");
  const { services, clientIp } = call.ctx;
  const email = call.text("email");
  // the message replaces the form (the same whether the address is known or not): data, not a redirect
  return runAction(call, {
    form: { schema: ForgotPasswordSchema, fields: FIELDS, labels: LABELS, keep: FIELDS },
    run: () => services.authFlows.requestPasswordReset({ headers: call.request.headers, clientIp }, { email }),
    refused: withCode,
    done: (result) => (result.ok ? stay(result.value, { email: email.trim() }) : refuse(outcomeParts(result, FIELDS))),
  });
}

export default function ForgotPassword({ loaderData, actionData }: Route.ComponentProps) {
  const ids = useFieldIds(["email", "form"]);
  const formRef = useRef<HTMLFormElement>(null);
  const pending = isPendingFor(useNavigation(), "/forgot-password");
  const failure = actionData && !actionData.ok ? actionData : undefined;
  const check = useContractCheck({
    load: () => import("../../../contract/account/auth.ts").then((m) => m.ForgotPasswordSchema),
    fields: FIELDS,
    answer: actionData,
  });
  const formErrorId = `${ids.form}-error`;
  useFocusOnProblems(formRef, check.errors ?? failure, formErrorId);

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
            We sent it to <strong className="break-all">{actionData.values.email}</strong> if that address has an
            account. The link works for one hour, once. No e-mail after a few minutes? Look in your spam folder, or{" "}
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
      <PageForm
        formRef={formRef}
        error={check.errors ? undefined : failure?.formError}
        errorId={formErrorId}
        {...check.formProps}
      >
        <Field
          id={ids.email}
          name="email"
          label={LABELS.email}
          type="email"
          inputMode="email"
          autoComplete="email"
          required
          maxLength={loaderData.limits.email}
          defaultValue={failure?.values.email}
          error={(check.errors ?? failure?.fieldErrors)?.email}
        />
        <SubmitButton pending={pending} label="Send me a reset link" pendingLabel="Sending…" />
      </PageForm>
    </AuthPage>
  );
}

export const headers = privateNoStore;

export function meta({ matches }: Route.MetaArgs) {
  const site = siteNameOf(matches);
  return [{ title: `Forgot your password? | ${site}` }, { name: "robots", content: "noindex" }];
}
