// A file sent as the raw body of an API upload (contract/admin/admin-resource.ts RawUploadSpec; a lesson's
// video or material): with JavaScript the file goes by XMLHttpRequest with its progress, then the page
// reads its data again; without, the same form posts the file to the page's action (multipart, `{intent}`,
// `id`), up to the page's body limit, which the form says.
import { useId, useState } from "react";
import { Form, useNavigation, useRevalidator } from "react-router";
import type { RawUploadSpec } from "../../../contract/admin/admin-resource.ts";
import type { ActionResult } from "../../lib/action-result.ts";
import { UploadError, uploadRaw } from "../../lib/upload.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { buttonClass } from "../ui/button.tsx";
import { FileField } from "../ui/form.tsx";
import { toast, useToast } from "../ui/toast.tsx";
import { ProgressMeter } from "./progress-meter.tsx";

type Answer = ActionResult<string, Partial<Record<string, string>>, unknown>;

export function RawUpload({
  spec,
  id,
  rowName,
  answer,
}: {
  spec: RawUploadSpec;
  /** the row the file is for (a lesson), posted as `id` */
  id: string;
  rowName: string;
  /** the page action's answer: its refusal of this row's upload, posted without JavaScript */
  answer: Answer | undefined;
}) {
  const inputId = useId();
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const { revalidate } = useRevalidator();
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const refused =
    answer && !answer.ok && answer.intent === spec.intent && answer.values.id === id ? answer.formError : undefined;
  useToast(refused ? answer : undefined, refused, "error");
  const posting =
    navigation.state !== "idle" &&
    navigation.formData?.get("intent") === spec.intent &&
    navigation.formData?.get("id") === id;

  async function send(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = event.currentTarget.elements.namedItem("file") as HTMLInputElement | null;
    const file = input?.files?.[0];
    if (!file) return setProblem("Choose a file first.");
    setProblem(null);
    try {
      await uploadRaw(spec.endpoint(id), file, setProgress);
      if (input) input.value = "";
      void toast(spec.uploaded);
      await revalidate();
    } catch (error) {
      const message = spec.failed + (error instanceof UploadError ? error.message : "try again.");
      setProblem(message);
      void toast(message, "error");
    } finally {
      setProgress(null);
    }
  }

  const busy = progress !== null || posting;
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      onSubmit={send}
      aria-label={spec.name(rowName)}
      className="flex flex-wrap items-end gap-3"
    >
      <input type="hidden" name="intent" value={spec.intent} />
      <input type="hidden" name="id" value={id} />
      <div className="min-w-0 flex-1 basis-64">
        <FileField
          id={`${inputId}-file`}
          name="file"
          label={spec.label}
          hint={hydrated ? spec.hint : `${spec.hint ?? ""} ${spec.noScript}`.trim()}
          accept={spec.accept}
          error={problem ?? refused}
        />
      </div>
      <button
        type="submit"
        aria-disabled={busy || undefined}
        onClick={(e) => {
          if (busy) e.preventDefault();
        }}
        className={buttonClass("ghost", "sm", "border border-slate-300")}
      >
        {busy ? "Uploading…" : spec.button}
      </button>
      <div role="status" className="basis-full empty:hidden">
        {progress !== null ? <ProgressMeter value={progress} max={100} label={`Uploading… ${progress}%`} /> : null}
      </div>
    </Form>
  );
}
