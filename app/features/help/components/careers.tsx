import { Link } from "~/components/link";
import { formatDate } from "~/lib/dates";
import { type Role, applyHref } from "../careers";
import { ROLE_TYPE_LABELS } from "../help-values";
import { OfficialLink } from "./shared";

/** /careers: what working with us is like, the open roles, and how to apply for each. */
export function CareersPage({ roles, teamEmail }: { roles: readonly Role[]; teamEmail: string }) {
  return (
    <article>
      <h1 className="text-3xl font-bold">Careers with us</h1>
      <div className="prose-text mt-4">
        <p>
          We are a small team building the careers platform we would have wanted as international students: honest about
          visas, clear about which employers can sponsor, and useful from the first week of a course. Most of us have
          studied or worked in a country that was not our own.
        </p>
      </div>

      <section aria-labelledby="working-with-us" className="prose-text mt-8">
        <h2 id="working-with-us">Working with us</h2>
        <ul>
          <li>We work from London and remotely across the UK, and meet in person once a month.</li>
          <li>Core hours are 10:00 to 16:00 UK time; the rest of the day is yours to arrange.</li>
          <li>
            Every role has a training budget and time to use it, and you will talk to students and careers services from
            your first month.
          </li>
          <li>
            Our roles need the right to work in the UK. A{" "}
            <OfficialLink href="https://www.gov.uk/graduate-visa">Graduate visa (GOV.UK)</OfficialLink> gives it; if you
            would need us to sponsor you, say so in your application and we will tell you straight away whether the role
            can be sponsored.
          </li>
        </ul>
      </section>

      <section aria-labelledby="open-roles" className="mt-10">
        <h2 id="open-roles" className="text-2xl font-bold">
          Open roles
        </h2>
        {roles.length ? (
          <ul className="mt-3 list-disc space-y-1 pl-5">
            {roles.map((r) => (
              <li key={r.slug}>
                <a href={`#role-${r.slug}`} className="text-brand underline">
                  {r.title}
                </a>{" "}
                <span className="text-muted">
                  ({r.team}, {r.location})
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-3">
            We have no open roles at the moment. New ones appear here first; you are welcome to{" "}
            <Link to="/contact-us" className="text-brand underline">
              introduce yourself through Contact us
            </Link>{" "}
            meanwhile.
          </p>
        )}
      </section>

      {roles.map((r) => (
        <section
          key={r.slug}
          id={`role-${r.slug}`}
          aria-labelledby={`role-${r.slug}-heading`}
          className="mt-10 scroll-mt-4 rounded-xl border border-slate-200 bg-white p-6"
        >
          <h2 id={`role-${r.slug}-heading`} className="text-2xl font-bold">
            {r.title}
          </h2>
          <dl className="mt-3 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
            <dt className="font-semibold">Team</dt>
            <dd>{r.team}</dd>
            <dt className="font-semibold">Location</dt>
            <dd>{r.location}</dd>
            <dt className="font-semibold">Type</dt>
            <dd>{ROLE_TYPE_LABELS[r.type] ?? r.type}</dd>
            <dt className="font-semibold">Published</dt>
            <dd>
              <time dateTime={r.published}>{formatDate(r.published)}</time>
            </dd>
            <dt className="font-semibold">Applications close</dt>
            <dd>
              {r.closes ? (
                <time dateTime={r.closes}>{`${formatDate(r.closes)}, at the end of the day (UK time)`}</time>
              ) : (
                "When the role is filled"
              )}
            </dd>
          </dl>
          <div className="prose-text mt-4" dangerouslySetInnerHTML={{ __html: r.bodyHtml }} />
          <h3 className="mt-6 text-lg font-semibold">How to apply</h3>
          <p className="mt-2">
            Email your CV and a few lines on why the role suits you to{" "}
            <a href={applyHref(teamEmail, r.title)} className="text-brand underline">
              {teamEmail}
            </a>
            , with &ldquo;{r.title}&rdquo; in the subject, or send us a message through{" "}
            <Link to="/contact-us" className="text-brand underline">
              Contact us
            </Link>
            . We reply to every application.
          </p>
        </section>
      ))}
    </article>
  );
}
