import { Link } from "~/components/link";
import { SPONSORSHIP_STATUSES } from "~/db/schema/job-posting-values";
import { SPONSORSHIP_LABELS } from "~/features/jobs";
import { Checked, OfficialLink, TalkToUs } from "./shared";

/** /employers: what the platform offers an employer hiring international students and graduates. */
export function EmployersPage() {
  return (
    <article>
      <h1 className="text-3xl font-bold">For employers</h1>
      <p className="mt-3 max-w-3xl text-lg text-muted">
        Students and graduates of our partner universities use the platform to find their first jobs. Here is how you
        can reach them, and how our tools read your vacancies and your sponsor licence.
      </p>
      <p className="mt-4 flex flex-wrap gap-3">
        <Link
          to="/employer/register"
          className="rounded bg-brand px-4 py-2 font-semibold text-white underline-offset-2 hover:underline"
        >
          Post a job
        </Link>
        <Link to="/login" className="rounded border border-current px-4 py-2 font-semibold">
          Log in
        </Link>
      </p>

      <section aria-labelledby="reach" className="prose-text mt-8">
        <h2 id="reach">Reach international students and graduates</h2>
        <ul>
          <li>
            Your vacancies appear in our <Link to="/jobs">job search</Link> and its part-time list, in the job alerts
            students set up, and on their dashboards when a job fits their profile.
          </li>
          <li>
            We take vacancies from a job feed (JSON Lines or CSV) and keep them in step with it: new jobs are added,
            changed ones updated and jobs your feed stops listing are closed.
          </li>
          <li>
            University careers services run workshops and webinars on the platform, and we hold online events such as
            the <Link to="/india-career-fair">India career fair</Link>. We can put you in front of students there too.
          </li>
        </ul>
      </section>

      <section aria-labelledby="graduates" className="prose-text mt-8">
        <h2 id="graduates">Hiring a graduate does not always need sponsorship</h2>
        <p>
          Many international graduates in the UK hold a{" "}
          <OfficialLink href="https://www.gov.uk/graduate-visa">Graduate visa</OfficialLink>, which lets them work for
          any employer at any level without a sponsor. You still{" "}
          <OfficialLink href="https://www.gov.uk/check-job-applicant-right-to-work">
            check their right to work (GOV.UK)
          </OfficialLink>
          , as for anyone you hire, and a Graduate visa has an end date. To keep them on after it, or to hire someone
          who needs sponsorship from the start, you need a{" "}
          <OfficialLink href="https://www.gov.uk/uk-visa-sponsorship-employers">sponsor licence (GOV.UK)</OfficialLink>.
        </p>
      </section>

      <section aria-labelledby="checker" className="prose-text mt-8">
        <h2 id="checker">The sponsor licence checker</h2>
        <p>
          Our <Link to="/uk-work-visa-sponsor-licence-check">UK visa sponsor licence checker</Link> searches the Home
          Office&apos;s{" "}
          <OfficialLink href="https://www.gov.uk/government/publications/register-of-licensed-sponsors-workers">
            register of licensed sponsors (GOV.UK)
          </OfficialLink>
          . Students use it to see which employers can sponsor them; it shows each organisation&apos;s routes and
          ratings, and says which register it answers from. If your entry looks wrong to you, the register itself is the
          place to check, as we show it as published.
        </p>
      </section>

      <section aria-labelledby="verdict" className="prose-text mt-8">
        <h2 id="verdict">How a job gets its sponsorship verdict</h2>
        <p>
          Each job in the UK is checked against the{" "}
          <OfficialLink href="https://www.gov.uk/skilled-worker-visa/your-job">
            Skilled Worker rules (GOV.UK)
          </OfficialLink>{" "}
          in force, as a student would need it to be:
        </p>
        <ol>
          <li>the occupation: its SOC 2020 code must be eligible for the route;</li>
          <li>
            the salary: at least the general threshold, and at least the occupation&apos;s going rate for the hours
            worked, or the lower rates some people may be paid, such as{" "}
            <OfficialLink href="https://www.gov.uk/skilled-worker-visa/when-you-can-be-paid-less">
              new entrants (GOV.UK)
            </OfficialLink>
            ;
          </li>
          <li>the employer: on the register with an A-rated Skilled Worker licence.</li>
        </ol>
        <p>Every job then shows one of these, in words:</p>
        <ul>
          {SPONSORSHIP_STATUSES.map((s) => (
            <li key={s}>{SPONSORSHIP_LABELS[s]}</li>
          ))}
        </ul>
        <p>
          A job without a salary or an occupation cannot be judged, so giving both helps students see that your role
          qualifies. You can try an offer yourself with <Link to="/check-a-job-offer">Check a job offer</Link>. The
          verdict is a guide for students, not a decision of the Home Office.
        </p>
      </section>

      <TalkToUs
        id="talk"
        heading="Talk to us"
        text="Tell us about your roles and the students you would like to reach, and we will suggest where to start."
        other={{ to: "/contact-us", text: "Contact us" }}
      />
      <Checked />
    </article>
  );
}
