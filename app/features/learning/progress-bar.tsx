import { percentOf } from "../../../contract/lib/money.ts";

/** "3 of 8 lessons done", as a bar and in words (the words are what a screen reader and a no-colour reader get). */
export function ProgressBar({
  completed,
  total,
  className = "",
}: {
  completed: number;
  total: number;
  className?: string;
}) {
  const percent = percentOf(completed, total);
  const words = `${completed} of ${total} lesson${total === 1 ? "" : "s"} done`;
  return (
    <div className={className} data-testid="course-progress">
      <div
        role="progressbar"
        aria-label="Course progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent}% (${words})`}
        className="h-2.5 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full rounded-full bg-emerald-600" style={{ width: `${percent}%` }} />
      </div>
      <p className="mt-1.5 text-sm text-slate-700">
        {words} · {percent}%
      </p>
    </div>
  );
}
