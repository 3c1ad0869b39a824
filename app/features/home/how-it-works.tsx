import { Link } from "react-router";
import { buttonClass } from "../../components/ui/button.tsx";
import { Icon } from "../../components/ui/icons.tsx";
import { SectionHeading } from "../../components/ui/section-heading.tsx";

// spec public-area §1: the five 'how it works' steps
const STEPS = [
  {
    title: "Sign up or log in",
    text: "Optional: an account lets you save posts and join the conversation. You can enrol without one.",
  },
  {
    title: "Explore and enrol",
    text: "Browse courses in coding, graphic design, cybersecurity and video editing, and enrol in the one that fits your goals.",
  },
  {
    title: "Learn at your own pace",
    text: "Study on your phone or laptop with live tutoring, quizzes and downloadable materials.",
  },
  {
    title: "Track your progress",
    text: "See how far you have come in every course and pick up exactly where you left off.",
  },
  {
    title: "Earn a certificate",
    text: "Finish your course and receive a certificate you can share with employers and clients.",
  },
];

export function HowItWorks({ siteName }: { siteName: string }) {
  return (
    <section aria-labelledby="how-it-works" className="bg-brand-50/60 py-16 sm:py-20">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="how-it-works"
          kicker="How it works"
          title={`How ${siteName} works`}
          lead="From your first lesson to your certificate, here is the path."
        />
        <ol className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-5">
          {STEPS.map((step, i) => (
            <li key={step.title} className="rounded-2xl border border-brand-100 bg-white p-6 shadow-sm">
              <span
                aria-hidden="true"
                className="grid size-10 place-items-center rounded-full bg-brand-700 text-base font-bold text-white"
              >
                {i + 1}
              </span>
              <h3 className="mt-4 text-lg font-bold text-brand-950">
                <span className="sr-only">Step {i + 1}: </span>
                {step.title}
              </h3>
              <p className="mt-2 text-sm leading-6 text-slate-600">{step.text}</p>
            </li>
          ))}
        </ol>
        <div className="mt-10 text-center">
          <Link to="/courses" className={buttonClass("primary", "lg")}>
            Get Started Now
            <Icon name="arrow" />
          </Link>
        </div>
      </div>
    </section>
  );
}
