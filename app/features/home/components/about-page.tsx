import { Link } from "~/components/link";
import type { GuideCountry } from "~/features/country-guides";
import type { HomeVariant } from "../variants";

/** /about-us (and /about, in Australia's style): who we are, for the country's students. */
export function AboutPage({ variant, guide }: { variant: HomeVariant; guide: GuideCountry }) {
  return (
    <article data-country={variant.countryId} className="space-y-6">
      <div className={`rounded-2xl p-8 text-white ${variant.accentClass}`}>
        <h1 className="text-4xl font-bold">About us</h1>
        <p className="mt-3 max-w-2xl text-lg">
          We help international students turn their studies in {variant.place} into a career.
        </p>
      </div>
      <div className="prose-text">
        <p>
          Studying abroad is a big investment. We bring together the jobs, guides and tools an international student
          needs to get a return on it: job and part-time listings, country guides, a CV builder, career videos, and
          checks such as whether an employer can sponsor a visa.
        </p>
        <p>
          We work with university careers services, who give their students access through the platform and follow their
          progress through dashboards, and with students preparing to travel, who can start before they arrive.
        </p>
        <p>{variant.about}</p>
        <p>
          <Link to={`/country-guide/${guide}/overview`} className="text-brand underline">
            Read the guide to working in {variant.place}
          </Link>
        </p>
      </div>
    </article>
  );
}
