// /admin/event/{id}/check-in, the door (issue 18 "Check-in at the door", beyond the spec; decision
// 036), made for a phone: scan the ticket's QR code with the camera or type its code; the answer comes
// large and coloured (admitted with "1 of 2 in", already used, not for this event, refunded, not paid,
// forged). One small request per scan: the camera calls POST /backend/api/admin/events/{id}/check-in
// itself, with the scan's own id, and sends the same scan again when an answer is lost; the typed code
// goes the same way; without JavaScript it is a form posted to this page's action, with a scan id the
// page made (the same form posted again is the same scan).
import { useRef, useState } from "react";
import { Link } from "react-router";
import type { Route } from "./+types/event-check-in";
import {
  CHECK_IN_TEXTS as T,
  checkInWords,
  type CheckInAnswer,
  type CheckInTone,
} from "../../../contract/showcase/check-in-texts.ts";
import { EVENT_MESSAGES } from "../../../contract/showcase/events.ts";
import { checkInAction, loadCheckIn } from "../../features/showcase/event-admin.server.ts";
import { AdminPageHeader, adminMeta } from "../../components/admin/admin-shell.tsx";
import { CameraScanner, Refused, sendScan } from "../../features/showcase/camera-scanner.tsx";
import type { ErrorTexts } from "../../components/ui/error-page.tsx";
import { Field, Notice, SubmitButton } from "../../components/ui/form.tsx";

export const loader = (args: Route.LoaderArgs) => loadCheckIn(args);
export const action = (args: Route.ActionArgs) => checkInAction(args);

const TONES: Record<CheckInTone, string> = {
  success: "border-green-700 bg-green-50 text-green-950",
  warning: "border-amber-600 bg-amber-50 text-amber-950",
  danger: "border-red-700 bg-red-50 text-red-950",
};
const ICONS: Record<CheckInTone, string> = { success: "✓", warning: "!", danger: "✕" };

function AnswerPanel({ answer, code }: { answer: CheckInAnswer; code?: string }) {
  const words = checkInWords(answer);
  return (
    <div className={`rounded-2xl border-4 p-5 sm:p-6 ${TONES[words.tone]}`} data-result={answer.result}>
      <p className="flex items-center gap-3 text-4xl font-extrabold tracking-tight sm:text-5xl">
        <span aria-hidden="true">{ICONS[words.tone]}</span>
        {words.title}
      </p>
      <p className="mt-2 text-lg font-semibold">{words.detail}</p>
      {code ? <p className="mt-2 text-sm break-all opacity-80">Code: {code}</p> : null}
    </div>
  );
}

export default function EventCheckIn({ loaderData, actionData }: Route.ComponentProps) {
  const { event } = loaderData;
  // the latest answer: one the page got itself (camera, picture, typed with JavaScript), else the
  // typed form's posted without JavaScript
  const [latest, setLatest] = useState<{ answer: CheckInAnswer; code: string } | null>(null);
  const [inCount, setInCount] = useState(loaderData.checkedIn);
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const codeRef = useRef<HTMLInputElement>(null);

  const posted = actionData;
  const shown = latest ?? (posted?.ok ? { answer: posted.answer as CheckInAnswer, code: posted.code } : null);
  const postedFailure = !latest && posted && !posted.ok ? posted.message : null;
  const nextScanId = posted?.nextScanId ?? loaderData.scanId;

  const answered = (answer: CheckInAnswer, code: string) => {
    setProblem(null);
    setLatest({ answer, code });
    if (answer.result === "admitted") setInCount((n) => n + 1);
  };

  // With JavaScript the typed code is one request to the API too (the same as a scan); without, the
  // form posts to this page's action.
  async function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const input = codeRef.current;
    const code = input?.value.trim() ?? "";
    if (!code) {
      setProblem("Code is required");
      input?.focus();
      return;
    }
    if (sending) return;
    setSending(true);
    try {
      answered(await sendScan(event._id, code, () => setProblem(T.offline)), code);
      if (input) input.value = "";
    } catch (error) {
      setProblem(error instanceof Refused ? error.message : T.failed);
    } finally {
      setSending(false);
      input?.focus();
    }
  }

  return (
    <>
      <p className="mb-4">
        <Link
          to={`/admin/event/${event._id}`}
          className="font-medium text-brand-700 underline-offset-4 hover:underline"
        >
          <span aria-hidden="true">← </span>Back to the event
        </Link>
      </p>
      <AdminPageHeader title={`Check-in: ${event.name}`} lead={`${inCount} of ${loaderData.expected} in.`} />

      <div className="mt-6 grid max-w-xl gap-6">
        <div role="status" aria-live="assertive" aria-atomic="true">
          {shown ? <AnswerPanel answer={shown.answer} code={shown.code} /> : null}
          {postedFailure || problem ? (
            <Notice tone="error" className="mt-3 rounded-lg border px-4 py-3">
              {problem ?? postedFailure}
            </Notice>
          ) : null}
        </div>

        <form
          method="post"
          className="space-y-4"
          aria-labelledby="typed-title"
          onSubmit={(e) => void onSubmit(e)}
          noValidate
        >
          <h2 id="typed-title" className="text-lg font-bold text-slate-900">
            Type the code
          </h2>
          <input type="hidden" name="scanId" value={nextScanId} />
          <Field
            id="check-in-code"
            name="code"
            label={T.codeLabel}
            hint={T.codeHint}
            inputRef={codeRef}
            type="text"
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            maxLength={200}
            defaultValue={posted && !posted.ok ? posted.code : ""}
          />
          <SubmitButton pending={sending} label={T.submit} pendingLabel="Checking…" className="w-full sm:w-auto" />
        </form>

        <CameraScanner eventId={event._id} onAnswer={answered} onProblem={setProblem} />
      </div>
    </>
  );
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return adminMeta(`Check-in · ${loaderData?.event.name ?? "Event"}`, matches[0]?.loaderData?.siteName);
}

export const handle: { errorTexts: ErrorTexts } = {
  errorTexts: {
    titles: { 404: EVENT_MESSAGES.notFound, 500: EVENT_MESSAGES.loadFailed },
    back: { to: "/admin", label: "Back to admin" },
  },
};
