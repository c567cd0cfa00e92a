import { Link } from "~/components/link";
import type { GuideRule } from "~/db/schema/country-guides";
import type { GuideCountry } from "~/features/country-guides";
import { formatDate } from "~/lib/dates";
import { Checked, OfficialLink } from "./shared";

/** The main post-study work route of a country, in our words, with the official pages every rule comes from. */
type RouteOverview = {
  country: GuideCountry;
  name: string;
  route: string;
  paragraphs: React.ReactNode[];
  next: React.ReactNode;
  official: { title: string; href: string }[];
  tools?: { to: string; text: string }[];
};

const ROUTES: readonly RouteOverview[] = [
  {
    country: "uk",
    name: "United Kingdom",
    route: "the Graduate visa",
    paragraphs: [
      <>
        If you complete an eligible UK degree while you hold a Student visa, the{" "}
        <OfficialLink href="https://www.gov.uk/graduate-visa">Graduate visa (GOV.UK)</OfficialLink> lets you stay to
        work or look for work, at any level and for almost any employer, without an employer sponsoring you. You apply
        from inside the UK before your Student visa ends, once your university has told the Home Office that you have
        completed your course.
      </>,
      <>
        It cannot be extended, and you can hold it only once. Time on it does not count towards settlement, so graduates
        who want to stay longer usually switch to another route before it ends.
      </>,
    ],
    next: (
      <>
        The usual next step is the{" "}
        <OfficialLink href="https://www.gov.uk/skilled-worker-visa">Skilled Worker visa (GOV.UK)</OfficialLink>: a job
        offer from an employer with a sponsor licence, in an eligible occupation and paid at least the salary the rules
        set. You can switch to it from a Student or Graduate visa without leaving the UK.
      </>
    ),
    official: [
      { title: "Graduate visa (GOV.UK)", href: "https://www.gov.uk/graduate-visa" },
      { title: "Skilled Worker visa (GOV.UK)", href: "https://www.gov.uk/skilled-worker-visa" },
      {
        title: "Register of licensed sponsors: workers (GOV.UK)",
        href: "https://www.gov.uk/government/publications/register-of-licensed-sponsors-workers",
      },
    ],
    tools: [
      { to: "/uk-work-visa-sponsor-licence-check", text: "Check whether an employer holds a sponsor licence" },
      { to: "/check-a-job-offer", text: "Check whether a job offer meets the Skilled Worker rules" },
    ],
  },
  {
    country: "australia",
    name: "Australia",
    route: "the Temporary Graduate visa (subclass 485)",
    paragraphs: [
      <>
        The{" "}
        <OfficialLink href="https://immi.homeaffairs.gov.au/visas/getting-a-visa/visa-listing/temporary-graduate-485">
          Temporary Graduate visa (Department of Home Affairs)
        </OfficialLink>{" "}
        lets recent graduates of Australian courses live and work in Australia full time, for any employer. Most
        university graduates apply in its Post-Higher Education Work stream.
      </>,
      <>
        You need to have completed an eligible course in the 6 months before you apply and to have held a Student visa
        in that time, and to meet its age, English, health and insurance requirements. How long you get depends on your
        qualification and, for some passports, your nationality.
      </>,
    ],
    next: (
      <>
        After it, graduates move to an employer-sponsored visa such as the{" "}
        <OfficialLink href="https://immi.homeaffairs.gov.au/visas/getting-a-visa/visa-listing/skills-in-demand-visa-subclass-482">
          Skills in Demand visa (subclass 482)
        </OfficialLink>
        , or to a points-tested skilled visa (subclasses 189, 190 and 491) through{" "}
        <OfficialLink href="https://immi.homeaffairs.gov.au/visas/working-in-australia/skillselect">
          SkillSelect
        </OfficialLink>
        .
      </>
    ),
    official: [
      {
        title: "Temporary Graduate visa, subclass 485 (Department of Home Affairs)",
        href: "https://immi.homeaffairs.gov.au/visas/getting-a-visa/visa-listing/temporary-graduate-485",
      },
      {
        title: "Skills in Demand visa, subclass 482 (Department of Home Affairs)",
        href: "https://immi.homeaffairs.gov.au/visas/getting-a-visa/visa-listing/skills-in-demand-visa-subclass-482",
      },
      {
        title: "SkillSelect (Department of Home Affairs)",
        href: "https://immi.homeaffairs.gov.au/visas/working-in-australia/skillselect",
      },
    ],
    tools: [
      {
        to: "/skilled-migration-points-calculator-australia",
        text: "Work out your points for subclasses 189, 190 and 491 (log in needed)",
      },
    ],
  },
  {
    country: "canada",
    name: "Canada",
    route: "the Post-Graduation Work Permit (PGWP)",
    paragraphs: [
      <>
        The{" "}
        <OfficialLink href="https://www.canada.ca/en/immigration-refugees-citizenship/services/study-canada/work/after-graduation.html">
          Post-Graduation Work Permit (IRCC)
        </OfficialLink>{" "}
        is an open work permit: you can work full time for almost any employer, in any province. It is for graduates of
        eligible programmes at a designated learning institution.
      </>,
      <>
        You apply within 180 days of getting confirmation that you have completed your programme, and you must have held
        a valid study permit at some point in those 180 days. Its length depends on your programme, up to 3 years, and
        it cannot be extended.
      </>,
    ],
    next: (
      <>
        Skilled work in Canada on a PGWP can count towards permanent residence, for example through the{" "}
        <OfficialLink href="https://www.canada.ca/en/immigration-refugees-citizenship/services/immigrate-canada/express-entry/who-can-apply/canadian-experience-class.html">
          Canadian Experience Class (IRCC)
        </OfficialLink>{" "}
        in Express Entry, or a provincial nomination.
      </>
    ),
    official: [
      {
        title: "Work in Canada after you graduate (IRCC)",
        href: "https://www.canada.ca/en/immigration-refugees-citizenship/services/study-canada/work/after-graduation.html",
      },
      {
        title: "Express Entry (IRCC)",
        href: "https://www.canada.ca/en/immigration-refugees-citizenship/services/immigrate-canada/express-entry.html",
      },
    ],
  },
  {
    country: "ireland",
    name: "Ireland",
    route: "the Third Level Graduate Programme (Stamp 1G)",
    paragraphs: [
      <>
        The{" "}
        <OfficialLink href="https://www.irishimmigration.ie/my-situation-has-changed-since-i-arrived-in-ireland/third-level-graduate-programme/">
          Third Level Graduate Programme (Irish Immigration Service)
        </OfficialLink>{" "}
        lets non-EEA graduates of Irish institutions stay to look for work and to work full time without an employment
        permit: 12 months after a level 8 degree, and up to 24 months (12 months, renewed once) after a level 9 award or
        higher.
      </>,
      <>You apply within 6 months of getting your award, while your Stamp 2 permission is still valid.</>,
    ],
    next: (
      <>
        To stay on, graduates usually move to an employment permit, most often the{" "}
        <OfficialLink href="https://enterprise.gov.ie/en/what-we-do/workplace-and-skills/employment-permits/permit-types/critical-skills-employment-permit/">
          Critical Skills Employment Permit
        </OfficialLink>{" "}
        or the{" "}
        <OfficialLink href="https://enterprise.gov.ie/en/what-we-do/workplace-and-skills/employment-permits/permit-types/general-employment-permit/">
          General Employment Permit
        </OfficialLink>{" "}
        (Department of Enterprise, Tourism and Employment).
      </>
    ),
    official: [
      {
        title: "Third Level Graduate Programme (Irish Immigration Service)",
        href: "https://www.irishimmigration.ie/my-situation-has-changed-since-i-arrived-in-ireland/third-level-graduate-programme/",
      },
      {
        title: "Employment permits (Department of Enterprise, Tourism and Employment)",
        href: "https://enterprise.gov.ie/en/what-we-do/workplace-and-skills/employment-permits/",
      },
    ],
  },
];

export type CountryRules = { reviewedOn: string; rules: GuideRule[] };

/** /immigration-guide: each country's main route after graduating, the guide's dated rules on it, and where to read more. */
export function ImmigrationGuide({ rules }: { rules: Partial<Record<GuideCountry, CountryRules>> }) {
  return (
    <article>
      <h1 className="text-3xl font-bold">Immigration guide: working after your studies</h1>
      <div className="prose-text mt-4">
        <p>
          The UK, Australia, Canada and Ireland each have a route that lets international graduates stay and work after
          their course. This page is an overview of the main one in each country and what usually comes next. It is
          general information, not immigration advice: read the official page before you apply, and ask your
          university&apos;s international student advisers or a regulated adviser about your own case (in the UK,{" "}
          <OfficialLink href="https://www.gov.uk/find-an-immigration-adviser">
            find a regulated immigration adviser on GOV.UK
          </OfficialLink>
          ).
        </p>
      </div>
      <nav aria-labelledby="countries-heading" className="mt-6 rounded-xl border border-slate-200 bg-white p-5">
        <h2 id="countries-heading" className="font-semibold">
          Countries on this page
        </h2>
        <ul className="mt-2 flex flex-wrap gap-x-6 gap-y-2">
          {ROUTES.map((r) => (
            <li key={r.country}>
              <a href={`#${r.country}`} className="text-brand underline">
                {r.name}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {ROUTES.map((r) => (
        <CountrySection key={r.country} route={r} rules={rules[r.country]} />
      ))}
      <Checked />
    </article>
  );
}

function CountrySection({ route, rules }: { route: RouteOverview; rules: CountryRules | undefined }) {
  const heading = `${route.country}-heading`;
  return (
    <section id={route.country} aria-labelledby={heading} className="mt-10 scroll-mt-4">
      <h2 id={heading} className="text-2xl font-bold">
        {route.name}: {route.route}
      </h2>
      <div className="prose-text">
        {route.paragraphs.map((p, i) => (
          <p key={i}>{p}</p>
        ))}
        <p>{route.next}</p>
      </div>
      {rules && rules.rules.length ? (
        <div className="mt-4 rounded-xl border border-slate-200 bg-white p-5">
          <h3 className="text-lg font-semibold">Dates to know, from our {route.name} guide</h3>
          <ul className="mt-3 space-y-3">
            {rules.rules.map((rule) => (
              <li key={rule.rule}>
                <p>{rule.rule}</p>
                <p className="mt-1 text-sm text-muted">
                  {"Applies from "}
                  <time dateTime={rule.from}>{formatDate(rule.from)}</time>
                  {" · "}
                  <OfficialLink href={rule.source}>Official page ({new URL(rule.source).hostname})</OfficialLink>
                </p>
              </li>
            ))}
          </ul>
          <p className="mt-3 text-sm text-muted">
            The guide was last reviewed on <time dateTime={rules.reviewedOn}>{formatDate(rules.reviewedOn)}</time>.
          </p>
        </div>
      ) : null}
      <h3 className="mt-6 text-lg font-semibold">Read more</h3>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        <li>
          <Link to={`/country-guide/${route.country}/visa-details`} className="text-brand underline">
            Visa details in our {route.name} guide
          </Link>{" "}
          <span className="text-sm text-muted">
            (log in needed; for students whose university includes the country guides)
          </span>
        </li>
        {route.official.map((o) => (
          <li key={o.href}>
            <OfficialLink href={o.href}>{o.title}</OfficialLink>
          </li>
        ))}
        {(route.tools ?? []).map((t) => (
          <li key={t.to}>
            <Link to={t.to} className="text-brand underline">
              {t.text}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
