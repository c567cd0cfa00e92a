import { Link } from "~/components/link";
import type { HomeVariant } from "../variants";

export function CountryHero({ variant, heading }: { variant: HomeVariant; heading?: string }) {
  return (
    <section data-country={variant.countryId} className={`rounded-2xl p-8 text-white sm:p-12 ${variant.accentClass}`}>
      <p className="text-sm font-semibold uppercase tracking-wide">{variant.country}</p>
      <h1 className="mt-2 max-w-3xl text-4xl font-bold sm:text-5xl">{heading ?? variant.headline}</h1>
      <p className="mt-4 max-w-2xl text-lg">{variant.intro}</p>
      <div className="mt-6 flex flex-wrap gap-3">
        <Link to="/jobs" className="rounded bg-white px-5 py-2.5 font-semibold text-ink">
          Search jobs
        </Link>
        <Link to="/login" className="rounded border-2 border-white px-5 py-2.5 font-semibold">
          Log in
        </Link>
      </div>
    </section>
  );
}
