// /login (spec public-area §2 "Sign-in (/login)": a centred sign-in form whose sign-up URL is /register;
// architecture "Identity"). Signs in with an e-mail address or a username; ?redirectTo= (a path on this
// site) is where a successful sign-in goes. Also the landing page of the e-mail verification link
// (?verified=1, with &error=CODE when Better Auth refused the link) and of a finished reset (?reset=1).
import { useEffect, useRef } from "react";
import { Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/login";
import { PASSWORD_MAX, SignInSchema } from "../../../contract/account/auth.ts";
import { EMAIL_MAX } from "../../../contract/lib/common.ts";
import { CATEGORY_MESSAGES } from "../../../contract/courses/category-texts.ts";
import { appContext } from "../../lib/context.ts";
import { safeRedirectTo } from "../../lib/guards.server.ts";
import { AuthPage, TextLink, textLink } from "../../features/account/auth-form.tsx";
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
import { readAction, refuse, runAction, withCode } from "../../lib/action.server.ts";
import type { FormValues } from "../../lib/forms.server.ts";
import { privateNoStore, siteNameOf } from "../../lib/meta.ts";

/** After sign-in: the asked-for page, unless it is an account page itself (that would loop back here). */
function afterSignIn(value: string | null | undefined): string {
  const to = safeRedirectTo(value);
  return /^\/(login|register|logout)(?:[/?#]|$)/.test(to) ? "/" : to;
}

type PageNotice = { tone: "success" | "error" | "info"; title: string; text: string };

/**
 * Pages whose own signed-out text the spec quotes: the guard sends the visitor here, so this page says
 * it (spec admin-back-office §2 "Categories admin": 'Please sign in to manage categories.').
 */
const SIGN_IN_FOR: Readonly<Record<string, string>> = {
  "/admin/categories": CATEGORY_MESSAGES.signIn,
};

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
  const asked = params.get("redirectTo");
  const reason = asked ? SIGN_IN_FOR[safeRedirectTo(asked).split(/[?#]/)[0]!.replace(/\/+$/, "")] : undefined;
  if (reason) return { tone: "info", title: reason, text: "You come back to it after signing in." };
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

// Schema: SignInSchema (contract/account/auth.ts), here, in the browser and again in services.authFlows.signIn,
// which is the truth.
const FIELDS = ["identifier", "password"] as const;
type LoginField = (typeof FIELDS)[number];
const LABELS: Record<LoginField, string> = { identifier: "E-mail or username", password: "Password" };
/** A failed sign-in; success redirects. Wrong credentials mark both fields (`invalidFields`). */
export type LoginActionData = ActionFailure<LoginField, FormValues<LoginField>>;

export async function action(args: Route.ActionArgs): Promise<LoginActionData | Response> {
  const call = await readAction(args, "anyone");
  const { services, clientIp } = call.ctx;
  const to = afterSignIn(call.text("redirectTo") || new URL(call.request.url).searchParams.get("redirectTo"));
  // A form shown again with its errors answers 200 (as /contact does): a 4xx would be logged by the
  // browser as a failed resource load.
  return runAction(call, {
    form: { schema: SignInSchema, fields: FIELDS, labels: LABELS, keep: ["identifier"] },
    run: (data) => services.authFlows.signIn({ headers: call.request.headers, clientIp }, data),
    refused: withCode,
    done: (result) => {
      if (result.ok) throw redirect(to, { headers: result.headers });
      const credentials = result.field === "password" || result.field === "identifier";
      return refuse({ formError: result.message, ...(credentials ? { invalidFields: [...FIELDS] } : {}) });
    },
  });
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const { notice, redirectTo, limits } = loaderData;
  const ids = useFieldIds([...FIELDS, "form"]);
  const formRef = useRef<HTMLFormElement>(null);
  const pending = isPendingFor(useNavigation(), "/login");
  const failure = actionData;
  const check = useContractCheck({
    load: () => import("../../../contract/account/auth.ts").then((m) => m.SignInSchema),
    fields: FIELDS,
    answer: actionData,
  });
  const errors = check.errors ?? failure?.fieldErrors;
  const credentials = !check.errors && !!failure?.invalidFields?.length;
  const formErrorId = `${ids.form}-error`;
  useFocusOnProblems(formRef, check.errors ?? actionData, formErrorId);
  // The typed password is never sent back; with JavaScript the field is emptied after a failed attempt too.
  const refused = check.errors ?? actionData;
  useEffect(() => {
    const password = formRef.current?.elements.namedItem("password");
    if (refused && password instanceof HTMLInputElement) password.value = "";
  }, [refused]);

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
      <PageForm
        formRef={formRef}
        error={check.errors ? undefined : failure?.formError}
        errorId={formErrorId}
        describedByError
        {...check.formProps}
      >
        {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
        <Field
          id={ids.identifier}
          name="identifier"
          label={LABELS.identifier}
          type="text"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
          maxLength={limits.identifier}
          defaultValue={failure?.values.identifier}
          error={errors?.identifier}
          invalid={credentials}
          extraDescribedBy={credentials ? formErrorId : undefined}
        />
        <Field
          id={ids.password}
          name="password"
          label={LABELS.password}
          type="password"
          autoComplete="current-password"
          required
          maxLength={limits.password}
          error={errors?.password}
          invalid={credentials}
          extraDescribedBy={credentials ? formErrorId : undefined}
          after={
            <Link to="/forgot-password" className={`${textLink} text-sm`}>
              Forgot your password?
            </Link>
          }
        />
        <SubmitButton pending={pending} label="Sign in" pendingLabel="Signing in…" />
      </PageForm>
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
