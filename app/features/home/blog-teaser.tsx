import { Link } from "react-router";
import type { BlogTeaser as Teaser } from "../../../contract/content/content.ts";
import { buttonClass } from "../../components/ui/button.tsx";
import { Icon } from "../../components/ui/icons.tsx";
import { DENSE_FULL_WIDTH, MediaImage } from "../../components/ui/media-image.tsx";

// The teaser's and the instructor call's picture (16:9): the full width of the page's padding below
// the lg breakpoint, half of the 1280 px column from lg up (about 576 px). Asked at that width, never
// the uploaded original (issue 29: a 3000×2000 upload cost each visitor 4.36 MB).
export const HALF_PICTURE_WIDTHS = [384, 640, 828, 1200];
export const HALF_PICTURE_SIZES = `(min-width: 1280px) 576px, (min-width: 1024px) 45vw, ${DENSE_FULL_WIDTH}, 100vw`;

/** spec §2 "Home" 5: headline, description, a 'Read the Blog Now' button and an image, both to /blog. */
export function BlogTeaser({ teaser }: { teaser: Teaser }) {
  const titleId = `teaser-${teaser._id}`;
  return (
    <section aria-labelledby={titleId} className="bg-slate-50 py-16 sm:py-20">
      <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 sm:px-6 lg:grid-cols-2 lg:gap-16 lg:px-8">
        <div>
          <p className="text-sm font-semibold tracking-wider text-brand-700 uppercase">From our blog</p>
          <h2 id={titleId} className="mt-2 text-3xl font-extrabold tracking-tight text-brand-950 sm:text-4xl">
            {teaser.headline}
          </h2>
          <p className="mt-4 text-lg leading-relaxed text-slate-600">{teaser.description}</p>
          <Link to="/blog" className={buttonClass("primary", "lg", "mt-8")}>
            Read the Blog Now
            <Icon name="arrow" />
          </Link>
        </div>
        <Link to="/blog" className="group block overflow-hidden rounded-2xl shadow-lg" tabIndex={-1} aria-hidden="true">
          <MediaImage
            src={teaser.image}
            alt=""
            width={576}
            height={324}
            widths={HALF_PICTURE_WIDTHS}
            sizes={HALF_PICTURE_SIZES}
            className="aspect-video w-full object-cover transition-transform duration-500 group-hover:scale-105"
          />
        </Link>
      </div>
    </section>
  );
}
