import { Link } from "react-router";
import type { InstructorCta as Cta } from "../../../contract/content/content.ts";
import { buttonClass } from "../../components/ui/button.tsx";
import { Icon } from "../../components/ui/icons.tsx";
import { MediaImage } from "../../components/ui/media-image.tsx";
import { HALF_PICTURE_SIZES, HALF_PICTURE_WIDTHS } from "./blog-teaser.tsx";

/** spec §2 "Home" 6: title, description, a button with the configured text and link, an image. */
export function InstructorCta({ cta }: { cta: Cta }) {
  const titleId = `cta-${cta._id}`;
  const external = /^https?:\/\//i.test(cta.buttonLink);
  const className = buttonClass("accent", "lg", "mt-8");
  return (
    <section aria-labelledby={titleId} className="bg-brand-900 py-16 text-white sm:py-20">
      <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 sm:px-6 lg:grid-cols-2 lg:gap-16 lg:px-8">
        <MediaImage
          src={cta.image}
          alt=""
          width={576}
          height={324}
          widths={HALF_PICTURE_WIDTHS}
          sizes={HALF_PICTURE_SIZES}
          className="aspect-video w-full rounded-2xl object-cover shadow-xl lg:order-last"
        />
        <div>
          <p className="text-sm font-semibold tracking-wider text-accent-300 uppercase">Teach with us</p>
          <h2 id={titleId} className="mt-2 text-3xl font-extrabold tracking-tight sm:text-4xl">
            {cta.title}
          </h2>
          <p className="mt-4 text-lg leading-relaxed text-slate-200">{cta.description}</p>
          {external ? (
            <a href={cta.buttonLink} className={className} rel="noopener">
              {cta.buttonText}
              <Icon name="arrow" />
            </a>
          ) : (
            <Link to={cta.buttonLink} className={className}>
              {cta.buttonText}
              <Icon name="arrow" />
            </Link>
          )}
        </div>
      </div>
    </section>
  );
}
