import { useState } from "react";
import type { Faq } from "../../../contract/content/content.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { Icon } from "../../components/ui/icons.tsx";
import { SectionHeading } from "../../components/ui/section-heading.tsx";

/**
 * 'Frequently Asked Questions' (spec §2 "Home" 7, §4): at most one answer open; clicking the open one
 * closes it. Before JavaScript every answer is open, so the page reads fully without it.
 */
export function FaqAccordion({ faqs }: { faqs: Faq[] }) {
  const hydrated = useHydrated();
  const [openId, setOpenId] = useState<string | null>(null);
  if (faqs.length === 0) return null;
  return (
    <section aria-labelledby="faq-title" className="py-16 sm:py-20">
      <div className="mx-auto max-w-3xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id="faq-title" kicker="Questions?" title="Frequently Asked Questions" />
        <ul className="mt-10 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white shadow-sm">
          {faqs.map((faq) => {
            const open = hydrated ? openId === faq._id : true;
            const questionId = `faq-q-${faq._id}`;
            const answerId = `faq-a-${faq._id}`;
            return (
              <li key={faq._id}>
                <h3>
                  <button
                    id={questionId}
                    type="button"
                    aria-expanded={open}
                    aria-controls={answerId}
                    onClick={() => setOpenId(open ? null : faq._id)}
                    className="flex w-full items-center justify-between gap-4 px-5 py-4 text-left text-base font-semibold text-brand-950 hover:bg-slate-50 sm:px-6"
                  >
                    {faq.question}
                    <Icon
                      name="chevron"
                      className={`size-5 shrink-0 text-brand-700 transition-transform ${open ? "rotate-180" : ""}`}
                    />
                  </button>
                </h3>
                <div id={answerId} role="region" aria-labelledby={questionId} hidden={!open}>
                  <p className="px-5 pb-5 leading-relaxed text-slate-700 sm:px-6">{faq.answer}</p>
                </div>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
