// A share of something done as a bar and its words ("3 of 8 lessons", "Uploading… 40%"): the words are
// what screen readers hear; the bar is for the eye.
import { percentOf } from "../../../contract/lib/money.ts";

export function ProgressMeter({ value, max, label }: { value: number; max: number; label: string }) {
  const share = Math.min(100, Math.max(0, percentOf(value, max)));
  return (
    <div className="flex min-w-40 items-center gap-2">
      <div aria-hidden="true" className="h-2 w-24 shrink-0 overflow-hidden rounded-full bg-slate-200">
        <div className="h-full rounded-full bg-brand-700" style={{ width: `${share}%` }} />
      </div>
      <span className="text-sm text-slate-700">{label}</span>
    </div>
  );
}
