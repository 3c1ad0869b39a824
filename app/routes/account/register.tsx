// /register (spec public-area §2: the sign-up URL of /login; architecture "Identity"): username (the
// author name on posts and comments), e-mail, password and an optional profile image. The account
// signs in only after its e-mail address is verified, so success is a "check your e-mail" message.
import { useRef, useState } from "react";
import { redirect, useNavigation } from "react-router";
import type { Route } from "./+types/register";
import { PASSWORD_MAX, PASSWORD_MIN, RegisterSchema, USERNAME_MAX, USERNAME_MIN } from "../../../contract/auth.ts";
import { EMAIL_MAX } from "../../../contract/common.ts";
import { AUTH_MESSAGES } from "../../../contract/auth.ts";
import { AVATAR_MAX_BYTES, AVATAR_MESSAGES } from "../../../contract/auth.ts";
import { appContext } from "../../lib/context.ts";
import {
  AccountForm,
  AuthPage,
  ErrorSummary,
  Field,
  Notice,
  SubmitButton,
  TextLink,
  useFieldIds,
  useFocusOnProblems,
} from "../../components/account/auth-form.tsx";
import { fieldErrorsOf, textOf, type FormFailure } from "../../components/account/form-result.ts";
import { isPendingFor } from "../../components/account/pending.ts";
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

// Schema: RegisterSchema (contract/auth.ts) for the text fields, all reported at once; the image is
// checked by saveAvatar inside services.authFlows.signUp, which parses everything again and is the truth.
const FIELDS = ["username", "email", "password", "image"] as const;
type RegisterField = (typeof FIELDS)[number];
type RegisterValues = { username: string; email: string };
export type RegisterActionData =
  { ok: true; message: string; email: string } | FormFailure<RegisterField, RegisterValues>;

export async function action({ request, context }: Route.ActionArgs) {
  const { services, clientIp } = context.get(appContext);
  const form = await request.formData();
  const input = {
    username: textOf(form, "username"),
    email: textOf(form, "email"),
    password: textOf(form, "password"),
  };
  const values: RegisterValues = { username: input.username, email: input.email };
  const file = form.get("image");
  const image = file instanceof Blob && file.size > 0 ? file : undefined;

  const parsed = RegisterSchema.safeParse(input);
  const fieldErrors = parsed.success ? {} : fieldErrorsOf(parsed.error.issues, FIELDS);
  // The size is known without reading the file: say so together with the other fields' problems.
  if (image && image.size > AVATAR_MAX_BYTES) fieldErrors.image = AVATAR_MESSAGES.tooBig;
  if (!parsed.success || fieldErrors.image) {
    const failed: RegisterActionData = { ok: false, fieldErrors, values };
    return failed;
  }

  const result = await services.authFlows.signUp({ headers: request.headers, clientIp }, input, image);
  if (result.ok) {
    const done: RegisterActionData = { ok: true, message: AUTH_MESSAGES.registered, email: parsed.data.email };
    return done;
  }
  const field =
    result.field && (FIELDS as readonly string[]).includes(result.field) ? (result.field as RegisterField) : null;
  const failed: RegisterActionData = field
    ? { ok: false, fieldErrors: { [field]: result.message }, values }
    : { ok: false, formError: result.message, fieldErrors: {}, values };
  return failed;
}

export default function Register({ loaderData, actionData }: Route.ComponentProps) {
  const { limits, imageTooBig } = loaderData;
  const ids = useFieldIds([...FIELDS, "form"]);
  const formRef = useRef<HTMLFormElement>(null);
  const pending = isPendingFor(useNavigation(), "/register");
  const failure = actionData && !actionData.ok ? actionData : undefined;
  // With JavaScript, a picture that is too big is refused before it is sent (data costs money).
  const [imageTooBigHere, setImageTooBigHere] = useState(false);
  const summaryId = `${ids.form}-summary`;
  useFocusOnProblems(formRef, failure, summaryId);

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
            We sent it to <strong className="break-all">{actionData.email}</strong>. The link works for 24 hours. No
            e-mail? Look in your spam folder, or sign in and we will send a new link.
          </p>
        </Notice>
      </AuthPage>
    );
  }

  const errors: Partial<Record<RegisterField, string>> = { ...failure?.fieldErrors };
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
      <AccountForm
        formRef={formRef}
        encType="multipart/form-data"
        error={failure?.formError}
        errorId={summaryId}
        fallback={<ErrorSummary id={summaryId} errors={summary} />}
      >
        <Field
          id={ids.username}
          name="username"
          label="Username"
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
          label="E-mail"
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
          label="Password"
          type="password"
          autoComplete="new-password"
          required
          minLength={limits.passwordMin}
          maxLength={limits.passwordMax}
          hint={`At least ${limits.passwordMin} characters, with both letters and numbers.`}
          error={errors.password}
        />
        <Field
          id={ids.image}
          name="image"
          label="Profile image"
          optional
          type="file"
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
      </AccountForm>
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
