// /register (spec public-area §2: the sign-up URL of /login; architecture "Identity"): username (the
// author name on posts and comments), e-mail, password and an optional profile image. The account
// signs in only after its e-mail address is verified, so success is a "check your e-mail" message.
import { useRef, useState } from "react";
import { redirect, useNavigation } from "react-router";
import type { Route } from "./+types/register";
import {
  PASSWORD_MAX,
  PASSWORD_MIN,
  RegisterSchema,
  USERNAME_MAX,
  USERNAME_MIN,
} from "../../../contract/account/auth.ts";
import { EMAIL_MAX } from "../../../contract/lib/common.ts";
import { AUTH_MESSAGES } from "../../../contract/account/auth.ts";
import { AVATAR_MAX_BYTES, AVATAR_MESSAGES } from "../../../contract/account/auth.ts";
import { appContext } from "../../lib/context.ts";
import { AuthPage, TextLink } from "../../features/account/auth-form.tsx";
import {
  ErrorSummary,
  Field,
  FileField,
  Notice,
  PageForm,
  SubmitButton,
  isPendingFor,
  useContractCheck,
  useFieldIds,
  useFocusOnProblems,
} from "../../components/ui/form.tsx";
import type { ActionResult, FieldErrors } from "../../lib/action-result.ts";
import { outcomeParts, readAction, refuse, runAction, stay, withCode } from "../../lib/action.server.ts";
import type { FormValues } from "../../lib/forms.server.ts";
import { privateNoStore, siteNameOf } from "../../lib/meta.ts";

export function loader({ context }: Route.LoaderArgs) {
  // Signed in already: there is nothing to sign up for.
  if (context.get(appContext).viewer) throw redirect("/");
  return {
    limits: {
      usernameMin: USERNAME_MIN,
      usernameMax: USERNAME_MAX,
      email: EMAIL_MAX,
      passwordMin: PASSWORD_MIN,
      passwordMax: PASSWORD_MAX,
      imageMaxBytes: AVATAR_MAX_BYTES,
    },
    imageTooBig: AVATAR_MESSAGES.tooBig,
  };
}

// Schema: RegisterSchema (contract/account/auth.ts) for the text fields, all reported at once, here and in the
// browser; the image is checked by saveAvatar inside services.authFlows.signUp, which parses everything
// again and is the truth.
const FIELDS = ["username", "email", "password", "image"] as const;
type RegisterField = (typeof FIELDS)[number];
const LABELS: Record<RegisterField, string> = {
  username: "Username",
  email: "E-mail",
  password: "Password",
  image: "Profile image",
};
export type RegisterActionData = ActionResult<RegisterField, FormValues<RegisterField>, { email: string }>;

export async function action(args: Route.ActionArgs): Promise<RegisterActionData | Response> {
  const call = await readAction(args, "anyone");
  const { services, clientIp } = call.ctx;
  const image = call.body.files.image;
  const input = { username: call.text("username"), email: call.text("email"), password: call.text("password") };
  // "check your e-mail" replaces the form: data, not a redirect
  return runAction(call, {
    // the size is known without reading the file: said together with the other fields' problems
    precheck: (): FieldErrors<RegisterField> =>
      image && image.size > AVATAR_MAX_BYTES ? { image: AVATAR_MESSAGES.tooBig } : {},
    form: { schema: RegisterSchema, fields: FIELDS, labels: LABELS, keep: ["username", "email"] },
    run: () => services.authFlows.signUp({ headers: call.request.headers, clientIp }, input, image),
    refused: withCode,
    done: (result, data) =>
      result.ok ? stay(AUTH_MESSAGES.registered, { email: data.email }) : refuse(outcomeParts(result, FIELDS)),
  });
}

export default function Register({ loaderData, actionData }: Route.ComponentProps) {
  const { limits, imageTooBig } = loaderData;
  const ids = useFieldIds([...FIELDS, "form"]);
  const formRef = useRef<HTMLFormElement>(null);
  const pending = isPendingFor(useNavigation(), "/register");
  const failure = actionData && !actionData.ok ? actionData : undefined;
  const check = useContractCheck({
    load: () => import("../../../contract/account/auth.ts").then((m) => m.RegisterSchema),
    fields: FIELDS,
    answer: actionData,
  });
  // With JavaScript, a picture that is too big is refused before it is sent (data costs money).
  const [imageTooBigHere, setImageTooBigHere] = useState(false);
  const summaryId = `${ids.form}-summary`;
  useFocusOnProblems(formRef, check.errors ?? failure, summaryId);

  if (actionData?.ok) {
    return (
      <AuthPage
        title="Check your e-mail"
        footer={
          <p>
            Verified already? <TextLink to="/login">Sign in</TextLink>
          </p>
        }
      >
        <Notice tone="success" title="Your account is created." focus>
          <p>{actionData.message}</p>
          <p className="mt-2">
            We sent it to <strong className="break-all">{actionData.values.email}</strong>. The link works for 24 hours.
            No e-mail? Look in your spam folder, or sign in and we will send a new link.
          </p>
        </Notice>
      </AuthPage>
    );
  }

  const errors: FieldErrors<RegisterField> = { ...(check.errors ?? failure?.fieldErrors) };
  const summary = FIELDS.filter((f) => errors[f]).map((f) => ({ fieldId: ids[f], message: errors[f]! }));
  if (imageTooBigHere) errors.image = imageTooBig;

  return (
    <AuthPage
      title="Create your account"
      intro="Join to save posts, comment and write your own. Browsing and enrolling need no account."
      footer={
        <p>
          Already have an account? <TextLink to="/login">Sign in</TextLink>
        </p>
      }
    >
      <PageForm
        formRef={formRef}
        encType="multipart/form-data"
        error={check.errors ? undefined : failure?.formError}
        errorId={summaryId}
        fallback={<ErrorSummary id={summaryId} errors={summary} />}
        {...check.formProps}
      >
        <Field
          id={ids.username}
          name="username"
          label={LABELS.username}
          type="text"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
          minLength={limits.usernameMin}
          maxLength={limits.usernameMax}
          defaultValue={failure?.values.username}
          hint={`Shown as the author of your posts and comments. ${limits.usernameMin} to ${limits.usernameMax} letters, digits, dots or underscores.`}
          error={errors.username}
        />
        <Field
          id={ids.email}
          name="email"
          label={LABELS.email}
          type="email"
          inputMode="email"
          autoComplete="email"
          required
          maxLength={limits.email}
          defaultValue={failure?.values.email}
          hint="We send a link to this address to confirm it is yours."
          error={errors.email}
        />
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
          error={errors.password}
        />
        <FileField
          id={ids.image}
          name="image"
          label={LABELS.image}
          optional
          accept="image/png,image/jpeg,image/webp,image/gif"
          hint={`Shown next to your name. PNG, JPEG, WebP or GIF, at most ${Math.round(limits.imageMaxBytes / 1024 / 1024)} MB.`}
          error={errors.image}
          onChange={(e) => {
            const picked = e.currentTarget.files?.[0];
            const tooBig = !!picked && picked.size > limits.imageMaxBytes;
            // The browser then refuses to submit and says why, as for the other fields' rules.
            e.currentTarget.setCustomValidity(tooBig ? imageTooBig : "");
            setImageTooBigHere(tooBig);
          }}
        />
        <SubmitButton pending={pending} label="Create account" pendingLabel="Creating your account…" />
      </PageForm>
    </AuthPage>
  );
}

export const headers = privateNoStore;

export function meta({ matches }: Route.MetaArgs) {
  const site = siteNameOf(matches);
  return [
    { title: `Create an account | ${site}` },
    { name: "description", content: `Sign up to ${site} to save posts, comment and write your own.` },
  ];
}
