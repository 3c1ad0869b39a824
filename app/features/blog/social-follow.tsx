import { BlogIcon } from "./blog-icons.tsx";

/** The academy's social page the first icon leads to. */
export const SOCIAL_PAGE = { label: "Follow us on Facebook", href: "https://www.facebook.com/" };

/**
 * spec public-area §2 "the text 'Do click the social icons to give us a follow' with two social icons
 * (one links to a social page, the other has no target)": the second is shown as an icon only, not as a
 * link that leads nowhere.
 */
export function SocialFollow() {
  return (
    <section aria-labelledby="follow-title">
      <h2 id="follow-title" className="sr-only">
        Follow us
      </h2>
      <p className="text-sm text-slate-700">Do click the social icons to give us a follow</p>
      <div className="mt-3 flex items-center gap-3">
        <a
          href={SOCIAL_PAGE.href}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex size-11 items-center justify-center rounded-full bg-brand-700 text-white hover:bg-brand-800"
        >
          <BlogIcon name="facebook" />
          <span className="sr-only">{SOCIAL_PAGE.label} (opens in a new tab)</span>
        </a>
        <span
          role="img"
          aria-label="Instagram"
          className="inline-flex size-11 items-center justify-center rounded-full bg-slate-200 text-slate-700"
        >
          <BlogIcon name="instagram" />
        </span>
      </div>
    </section>
  );
}
