// The site's rich editor (./rich-editor.tsx, the write page's) as a field of a declared form (issue 31: a
// text lesson's body; contract/admin/admin-resource.ts field kind "html"): before the page's scripts run
// it is a plain textarea of HTML, which posts as it is; then the editor loads (lazily: its code only on
// the pages that use it) and its HTML goes with the form in a hidden field of the same name. Pictures
// dropped in are uploaded with their progress (app/lib/upload.ts); the server sanitizes the HTML.
import { lazy, Suspense, useState } from "react";
import type { RichTextFieldProps } from "../../components/admin/declared-form.tsx";
import { TextareaField } from "../../components/ui/form.tsx";
import { toast } from "../../components/ui/toast.tsx";
import { UploadError, uploadFile } from "../../lib/upload.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";

const RichEditor = lazy(() => import("./rich-editor.tsx"));

export function RichTextField({ rows, maxLength, defaultValue, ...field }: RichTextFieldProps) {
  const hydrated = useHydrated();
  const [html, setHtml] = useState(defaultValue);
  const [progress, setProgress] = useState<number | null>(null);
  if (!hydrated) return <TextareaField {...field} rows={rows} maxLength={maxLength} defaultValue={defaultValue} />;
  const { id, name, label, hint, error, optional } = field;
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ");
  async function upload(file: File): Promise<string | null> {
    try {
      return await uploadFile(file, setProgress);
    } catch (e) {
      void toast(`Upload failed! ${e instanceof UploadError ? e.message : ""}`.trim(), "error");
      return null;
    } finally {
      setProgress(null);
    }
  }
  return (
    <div>
      <p id={`${id}-label`} className="font-semibold text-slate-900">
        {label}
        {optional ? <span className="font-normal text-slate-600"> (optional)</span> : null}
      </p>
      <Suspense fallback={<div className="mt-1.5 min-h-72 rounded-lg border border-slate-400 bg-white" />}>
        <RichEditor
          initialContent={defaultValue}
          onChange={setHtml}
          locked={progress !== null}
          upload={upload}
          labelId={`${id}-label`}
          describedBy={describedBy || undefined}
          invalid={!!error}
        />
      </Suspense>
      <input type="hidden" name={name} value={html} />
      <p role="status" className="text-sm text-slate-600 empty:hidden">
        {progress !== null ? `Uploading… ${progress}%` : ""}
      </p>
      {hint ? (
        <p id={`${id}-hint`} className="mt-1.5 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1.5 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
