import type { Material } from "../../../contract/learning/learning.ts";
import { formatBytes } from "../../../contract/learning/learning-texts.ts";
import { Icon } from "../../components/ui/icons.tsx";

/** A lesson's files (issue 31): each with its name, its size (so a learner on data knows the cost) and a download link. */
export function MaterialsList({ materials }: { materials: Material[] }) {
  if (materials.length === 0) return null;
  return (
    <section aria-labelledby="lesson-materials">
      <h2 id="lesson-materials" className="text-lg font-bold text-brand-950">
        Materials
      </h2>
      <ul className="mt-3 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
        {materials.map((m) => (
          <li key={m._id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
            <span className="min-w-0">
              <span className="block font-semibold wrap-anywhere text-slate-900">{m.name}</span>
              <span className="block text-sm text-slate-600">{formatBytes(m.size)}</span>
            </span>
            <a
              href={m.url}
              download={m.name}
              aria-label={`Download ${m.name} (${formatBytes(m.size)})`}
              className="inline-flex min-h-11 items-center gap-1.5 rounded-lg border border-brand-200 px-3 py-2 text-sm font-semibold text-brand-800 hover:bg-brand-50"
            >
              <Icon name="download" className="size-4" />
              Download
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
