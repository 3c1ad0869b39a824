// /login (spec public-area §2 "Sign-in (/login)": a centred sign-in form whose sign-up URL is /register;
// architecture "Identity"). Signs in with an e-mail address or a username; ?redirectTo= (a path on this
// site) is where a successful sign-in goes. Also the landing page of the e-mail verification link
// (?verified=1, with &error=CODE when Better Auth refused the link) and of a finished reset (?reset=1).
import { useEffect, useRef } from "react";
import { Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/login";
import { PASSWORD_MAX, SignInSchema } from "../../../contract/auth.ts";
import { EMAIL_MAX } from "../../../contract/common.ts";
import { appContext } from "../../lib/context.ts";
import { safeRedirectTo } from "../../lib/guards.server.ts";
import {
  AccountForm,
  AuthPage,
  Field,
  Notice,
  SubmitButton,
  TextLink,
  textLink,
  useFieldIds,
  useFocusOnProblems,
} from "../../components/account/auth-form.tsx";
import { fieldErrorsOf, textOf, type FormFailure } from "../../components/account/form-result.ts";
import { isPendingFor } from "../../components/account/pending.ts";
import { privateNoStore, siteNameOf } from "../../lib/meta.ts";

/** After sign-in: the asked-for page, unless it is an account page itself (that would loop back here). */
function afterSignIn(value: string | null | undefined): string {
  const to = safeRedirectTo(value);
  return /^\/(login|register|logout)(?:[/?#]|$)/.test(to) ? "/" : to;
}

type PageNotice = { tone: "success" | "error"; title: string; text: string };

/** What the verification link and the reset page tell the user when they land here. */
function noticeOf(params: URLSearchParams): PageNotice | null {
  if (params.get("verified") === "1") {
    // Better Auth appends &error=TOKEN_EXPIRED, INVALID_TOKEN, USER_NOT_FOUND... to the callback URL.
    const error = params.get("error");
    if (!error) {
      return { tone: "success", title: "Your e-mail address is verified.", text: "You can sign in now." };
    }
    return {
      tone: "error",
      title: error === "TOKEN_EXPIRED" ? "This verification link has expired." : "This verification link is not valid.",
      text: "Sign in with your e-mail address and password, and we will send you a new link.",
    };
  }
  if (params.get("reset") === "1") {
    return { tone: "success", title: "Your password has been changed.", text: "Sign in with your new password." };
  }
  return null;
}

export function loader({ request, context }: Route.LoaderArgs) {
  const { viewer } = context.get(appContext);
  const url = new URL(request.url);
  const asked = url.searchParams.get("redirectTo");
  if (viewer) throw redirect(afterSignIn(asked));
  return {
    redirectTo: asked ? afterSignIn(asked) : "",
    notice: noticeOf(url.searchParams),
    limits: { identifier: EMAIL_MAX, password: PASSWORD_MAX },
  };
}

// Schema: SignInSchema (contract/auth.ts); services.authFlows.signIn parses again and is the truth.
const FIELDS = ["identifier", "password"] as const;
type LoginField = (typeof FIELDS)[number];
export type LoginActionData = FormFailure<LoginField, { identifier: string }> & {
  /** the form-level error is about the credentials: both fields are marked invalid */
  credentials?: boolean;
};

export async function action({ request, context }: Route.ActionArgs) {
  const { services, clientIp } = context.get(appContext);
  const form = await request.formData();
  const input = { identifier: textOf(form, "identifier"), password: textOf(form, "password") };
  const values = { identifier: input.identifier };
  const to = afterSignIn(textOf(form, "redirectTo") || new URL(request.url).searchParams.get("redirectTo"));

  // A form shown again with its errors answers 200 (as /contact does): a 4xx would be logged by the
  // browser as a failed resource load.
  const parsed = SignInSchema.safeParse(input);
  if (!parsed.success) {
    const failed: LoginActionData = { ok: false, fieldErrors: fieldErrorsOf(parsed.error.issues, FIELDS), values };
    return failed;
  }
  const result = await services.authFlows.signIn({ headers: request.headers, clientIp }, parsed.data);
  if (result.ok) throw redirect(to, { headers: result.headers });
  const failed: LoginActionData = {
    ok: false,
    formError: result.message,
    fieldErrors: {},
    values,
    credentials: result.field === "password" || result.field === "identifier",
  };
  return failed;
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const { notice, redirectTo, limits } = loaderData;
  const ids = useFieldIds([...FIELDS, "form"]);
  const formRef = useRef<HTMLFormElement>(null);
  const pending = isPendingFor(useNavigation(), "/login");
  const failure = actionData && !actionData.ok ? actionData : undefined;
  const formErrorId = `${ids.form}-error`;
  useFocusOnProblems(formRef, actionData, formErrorId);
  // The typed password is never sent back; with JavaScript the field is emptied after a failed attempt too.
  useEffect(() => {
    const password = formRef.current?.elements.namedItem("password");
    if (actionData && password instanceof HTMLInputElement) password.value = "";
  }, [actionData]);

  return (
    <AuthPage
      title="Sign in"
      intro="Welcome back. Sign in to save posts, comment and write your own."
      footer={
        <p>
          New here? <TextLink to="/register">Create an account</TextLink>
        </p>
      }
    >
      {notice && !failure ? (
        <div className="mb-6">
          <Notice tone={notice.tone} title={notice.title} focus>
            {notice.text}
          </Notice>
        </div>
      ) : null}
      <AccountForm formRef={formRef} error={failure?.formError} errorId={formErrorId} describedByError>
        {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
        <Field
          id={ids.identifier}
          name="identifier"
          label="E-mail or username"
          type="text"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
          maxLength={limits.identifier}
          defaultValue={failure?.values.identifier}
          error={failure?.fieldErrors.identifier}
          invalid={failure?.credentials}
          extraDescribedBy={failure?.credentials ? formErrorId : undefined}
        />
        <Field
          id={ids.password}
          name="password"
          label="Password"
          type="password"
          autoComplete="current-password"
          required
          maxLength={limits.password}
          error={failure?.fieldErrors.password}
          invalid={failure?.credentials}
          extraDescribedBy={failure?.credentials ? formErrorId : undefined}
          after={
            <Link to="/forgot-password" className={`${textLink} text-sm`}>
              Forgot your password?
            </Link>
          }
        />
        <SubmitButton pending={pending} label="Sign in" pendingLabel="Signing in…" />
      </AccountForm>
    </AuthPage>
  );
}

export const headers = privateNoStore;

export function meta({ matches }: Route.MetaArgs) {
  const site = siteNameOf(matches);
  return [
    { title: `Sign in | ${site}` },
    { name: "description", content: `Sign in to ${site} with your e-mail address or username.` },
    { name: "robots", content: "noindex" },
  ];
}
