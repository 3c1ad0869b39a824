// The door's camera (issue 18 "Check-in at the door"; decision 036): reads a ticket's QR code with the
// phone's camera, or from a picture of it, and sends it to POST /backend/api/admin/events/{id}/check-in
// with the scan's own id; an answer lost on a weak connection is asked for again with the same id (the
// server admits once). `qr-scanner` (and its worker) is loaded only when the camera or a picture is
// first used: no other page pays for it (stack notes: create it in an effect, worker from a Blob URL).
import { useEffect, useRef, useState } from "react";
import { CHECK_IN_TEXTS as T, type CheckInAnswer } from "../../../contract/showcase/check-in-texts.ts";
import { buttonClass } from "../../components/ui/button.tsx";
import { FileField } from "../../components/ui/form.tsx";
import { useHydrated } from "../../lib/use-hydrated.ts";

type Scanner = { start(): Promise<void>; stop(): void; destroy(): void };

/** The same code read again this soon is the same ticket still in front of the camera: not sent again. */
const SAME_CODE_MS = 4000;
const ATTEMPTS = 4;

export class Refused extends Error {}

/** One scan: the request, and again with the same scan id while no answer comes back. */
export async function sendScan(eventId: string, code: string, onRetry: () => void): Promise<CheckInAnswer> {
  const scanId = crypto.randomUUID();
  let lastError: unknown;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    if (attempt > 0) {
      onRetry();
      await new Promise((r) => setTimeout(r, 700 * attempt));
    }
    try {
      const res = await fetch(`/backend/api/admin/events/${encodeURIComponent(eventId)}/check-in`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        credentials: "same-origin",
        body: JSON.stringify({ code, scanId }),
        signal: AbortSignal.timeout(8000),
      });
      if (res.ok) return (await res.json()) as CheckInAnswer;
      const body = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
      // a refusal is an answer: sending it again would get the same
      if (res.status < 500) throw new Refused(body?.error?.message ?? `The server refused the scan (${res.status}).`);
      lastError = new Error(body?.error?.message ?? `HTTP ${res.status}`);
    } catch (error) {
      if (error instanceof Refused) throw error;
      lastError = error;
    }
  }
  throw lastError;
}

export function CameraScanner({
  eventId,
  onAnswer,
  onProblem,
}: {
  eventId: string;
  onAnswer: (answer: CheckInAnswer, code: string) => void;
  onProblem: (message: string | null) => void;
}) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const scannerRef = useRef<Scanner | null>(null);
  const busy = useRef(false);
  const lastCode = useRef<{ code: string; at: number } | null>(null);
  const [on, setOn] = useState(false);
  const [sending, setSending] = useState(false);
  // (the buttons work once the page's JavaScript runs: before that, and without it, the typed form serves)
  const ready = useHydrated();
  useEffect(() => () => scannerRef.current?.destroy(), []);

  async function handle(code: string) {
    const now = Date.now();
    if (busy.current) return;
    if (lastCode.current && lastCode.current.code === code && now - lastCode.current.at < SAME_CODE_MS) return;
    lastCode.current = { code, at: now };
    busy.current = true;
    setSending(true);
    try {
      const answer = await sendScan(eventId, code, () => onProblem(T.offline));
      onProblem(null);
      onAnswer(answer, code);
    } catch (error) {
      onProblem(error instanceof Refused ? error.message : T.failed);
      // a failed scan may be tried again at once
      lastCode.current = null;
    } finally {
      busy.current = false;
      setSending(false);
    }
  }

  async function start() {
    onProblem(null);
    const video = videoRef.current;
    if (!video) return;
    try {
      const { default: QrScanner } = await import("qr-scanner");
      const scanner = new QrScanner(video, (result) => void handle(result.data.trim()), {
        preferredCamera: "environment",
        highlightScanRegion: true,
        maxScansPerSecond: 5,
        returnDetailedScanResult: true,
      });
      scannerRef.current = scanner;
      await scanner.start();
      setOn(true);
    } catch {
      scannerRef.current?.destroy();
      scannerRef.current = null;
      setOn(false);
      onProblem(T.noCamera);
    }
  }

  function stop() {
    scannerRef.current?.destroy();
    scannerRef.current = null;
    setOn(false);
  }

  async function fromPicture(event: React.ChangeEvent<HTMLInputElement>) {
    const picker = event.currentTarget;
    const file = picker.files?.[0];
    if (!file) return;
    onProblem(null);
    try {
      const { default: QrScanner } = await import("qr-scanner");
      const result = await QrScanner.scanImage(file, { returnDetailedScanResult: true });
      lastCode.current = null;
      await handle(result.data.trim());
    } catch {
      onProblem("No QR code could be read in that picture.");
    } finally {
      picker.value = "";
    }
  }

  return (
    <section aria-labelledby="camera-title" className="space-y-3">
      <h2 id="camera-title" className="text-lg font-bold text-slate-900">
        Scan the QR code
      </h2>
      <div className={on ? "overflow-hidden rounded-xl bg-black" : "hidden"}>
        <video ref={videoRef} className="aspect-square w-full object-cover" muted playsInline aria-label="Camera" />
      </div>
      <div className="flex flex-wrap items-center gap-3">
        {on ? (
          <button type="button" onClick={stop} className={buttonClass("ghost", "md", "border border-slate-300")}>
            {T.stopScan}
          </button>
        ) : (
          <button type="button" onClick={() => void start()} disabled={!ready} className={buttonClass("primary", "md")}>
            {T.scan}
          </button>
        )}
        <p role="status" className="text-sm text-slate-600">
          {sending ? "Checking…" : ""}
        </p>
      </div>
      <FileField
        id="check-in-picture"
        name="picture"
        label="Or read the QR code from a picture"
        accept="image/*"
        disabled={!ready}
        onChange={(e) => void fromPicture(e)}
      />
    </section>
  );
}
