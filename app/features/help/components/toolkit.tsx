import { Link } from "~/components/link";
import { LinkCards } from "./shared";

type Tool = { to: string; title: string; text: string; note?: string };

const ACCOUNT = "Needs an account: free for students of our partner universities.";

const GROUPS: readonly { id: string; heading: string; intro: string; tools: Tool[] }[] = [
  {
    id: "find-work",
    heading: "Find work",
    intro: "Start with a search you can save, so that new jobs come to you.",
    tools: [
      {
        to: "/jobs",
        title: "Search jobs",
        text: "Graduate jobs, internships and schemes, each with a verdict on whether it is likely to meet the UK's Skilled Worker rules. Save a search as an email alert.",
      },
      {
        to: "/part-time-jobs",
        title: "Part-time jobs",
        text: "Work that fits around your course, each job marked against the weekly hours a Student visa allows in term time.",
      },
    ],
  },
  {
    id: "applications",
    heading: "Get your applications ready",
    intro: "A CV that suits the country you apply in, and the skills to follow it up.",
    tools: [
      {
        to: "/my-cvs",
        title: "CV builder",
        text: "Write a UK CV, a US résumé or a Europass CV from one set of details, check how applicant tracking systems read it, and download PDF or Word.",
        note: ACCOUNT,
      },
      {
        to: "/cih",
        title: "Career ignition hub",
        text: "Short videos on CVs, applications, interviews and your first weeks at work, with captions and transcripts.",
        note: "Some videos are open to all; the rest come with your university's plan.",
      },
    ],
  },
  {
    id: "visas",
    heading: "Check the visa side",
    intro: "Know your options before you apply, not after an offer.",
    tools: [
      {
        to: "/uk-work-visa-sponsor-licence-check",
        title: "UK visa sponsor licence checker",
        text: "Whether an employer is on the Home Office's register of licensed sponsors, with its routes and rating.",
      },
      {
        to: "/skilled-migration-points-calculator-australia",
        title: "Australian points calculator",
        text: "Your score for the Skilled Independent (189), Skilled Nominated (190) and Skilled Work Regional (491) visas, and what would raise it.",
        note: "Needs an account.",
      },
      {
        to: "/country-guide",
        title: "Country guides",
        text: "Working in the UK, Australia, Canada and Ireland: the job market, applications and visas, with dated rules and their official sources.",
        note: "Overviews are open to all; the sections come with your university's plan.",
      },
    ],
  },
  {
    id: "help",
    heading: "Learn and get help",
    intro: "Talk it through with people who do this every day.",
    tools: [
      {
        to: "/workshop-and-webinars",
        title: "Workshops and webinars",
        text: "Live sessions on job searching, sponsorship and interviews, and recordings of past ones.",
      },
      {
        to: "/book-a-meeting",
        title: "Book a meeting",
        text: "Thirty minutes online with our team, at a time shown in your own time zone.",
      },
    ],
  },
];

/** /job-seekers-toolkit: the platform's tools for a job search, in the order a search needs them. */
export function Toolkit() {
  return (
    <article>
      <h1 className="text-3xl font-bold">Job seekers&apos; toolkit</h1>
      <p className="mt-3 max-w-3xl text-lg text-muted">
        Everything the platform offers for an international student&apos;s job search, in the order you are likely to
        need it. Most tools are open to everyone; a few need an account, which your university gives you.
      </p>
      <nav aria-labelledby="toolkit-contents" className="mt-6">
        <h2 id="toolkit-contents" className="sr-only">
          On this page
        </h2>
        <ul className="flex flex-wrap gap-x-6 gap-y-2">
          {GROUPS.map((g) => (
            <li key={g.id}>
              <a href={`#${g.id}`} className="text-brand underline">
                {g.heading}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {GROUPS.map((g) => (
        <section key={g.id} id={g.id} aria-labelledby={`${g.id}-heading`} className="mt-10 scroll-mt-4">
          <h2 id={`${g.id}-heading`} className="text-2xl font-bold">
            {g.heading}
          </h2>
          <p className="mt-1 text-muted">{g.intro}</p>
          <LinkCards items={g.tools} />
        </section>
      ))}
      <p className="mt-10">
        Questions about the platform?{" "}
        <Link to="/faq" className="text-brand underline">
          Read the answers to common questions
        </Link>{" "}
        or{" "}
        <Link to="/contact-us" className="text-brand underline">
          contact us
        </Link>
        .
      </p>
    </article>
  );
}
