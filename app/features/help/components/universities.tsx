import { Link } from "~/components/link";
import type { UniversityPage } from "../help-values";
import { LinkCards, TalkToUs } from "./shared";

/** /universities/{type}: the overview, the partner list or why careers services partner with us. */
export function UniversitiesPage({ page, partners }: { page: UniversityPage; partners: readonly PartnerCard[] }) {
  if (page === "partners") return <PartnerList partners={partners} />;
  if (page === "why-partner") return <WhyPartner />;
  return <UniversitiesOverview />;
}

/** /universities: what the two pages under it hold. */
export function UniversitiesOverview() {
  return (
    <article>
      <h1 className="text-3xl font-bold">Universities</h1>
      <p className="mt-3 max-w-3xl text-lg text-muted">
        University careers services give their international students the platform, and follow through it how their
        students get on.
      </p>
      <LinkCards
        headingLevel={2}
        items={[
          {
            to: "/universities/partners",
            title: "Our partner universities",
            text: "The universities whose students use the platform, and their careers sites.",
          },
          {
            to: "/universities/why-partner",
            title: "Why careers services partner with us",
            text: "Dashboards, analytics that protect students' privacy, a branded site and guides for your students.",
          },
          {
            to: "/uni-case-study",
            title: "University case studies",
            text: "How careers services have used the platform with their students.",
          },
        ]}
      />
    </article>
  );
}

export type PartnerCard = { id: number; name: string; logoUrl: string | null; site: string | null };

/** /universities/partners: every partner university, its logo when it has one, and its careers site when it has a microsite. */
export function PartnerList({ partners }: { partners: readonly PartnerCard[] }) {
  return (
    <article>
      <h1 className="text-3xl font-bold">Our partner universities</h1>
      <p className="mt-3 max-w-3xl text-lg text-muted">
        Students of these universities use the platform through their careers service. Each university&apos;s careers
        site is where its own students log in.
      </p>
      {partners.length ? (
        <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {partners.map((p) => (
            <li key={p.id} className="flex items-center gap-4 rounded-xl border border-slate-200 bg-white p-5">
              {p.logoUrl ? (
                // The university's name is beside it: the logo adds nothing a screen reader needs.
                <img src={p.logoUrl} alt="" width={48} height={48} className="h-12 w-12 shrink-0 object-contain" />
              ) : null}
              <div>
                <h2 className="font-semibold">{p.name}</h2>
                {p.site ? (
                  <p className="mt-1 text-sm">
                    <a href={p.site} className="text-brand underline">
                      Careers site<span className="sr-only"> of {p.name}</span>
                    </a>
                  </p>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-8">No universities are listed yet.</p>
      )}
      <p className="mt-8">
        Is your university missing?{" "}
        <Link to="/universities/why-partner" className="text-brand underline">
          See why careers services partner with us
        </Link>
        , or{" "}
        <Link to="/contact-us" className="text-brand underline">
          tell us which university you study at
        </Link>
        .
      </p>
    </article>
  );
}

const REASONS: readonly { heading: string; text: React.ReactNode }[] = [
  {
    heading: "A dashboard of your students",
    text: "See who has joined, who has completed their profile, and who is applying: headline figures over any dates, against the same length of time before, with your student list to search, filter and export.",
  },
  {
    heading: "Analytics that protect privacy",
    text: 'What your students view, save and apply for, by sponsorship verdict, occupation, salary and home country, and how they use each tool. Any figure behind which stand fewer than 5 students is shown as "fewer than 5", in the charts, the tables and the downloads alike, so no one student can be picked out.',
  },
  {
    heading: "A careers site in your name",
    text: "Your own address, name, logo and colour. Only your members log in there, students can register themselves with your email domains, and you invite others by list.",
  },
  {
    heading: "Country guides for your students",
    text: "Guides to working in the UK, Australia, Canada and Ireland after graduating: the job market, applications, networking and visas, with every rule that changes dated and linked to its official page.",
  },
  {
    heading: "Workshops and webinars",
    text: "Add your own sessions for your students, see who is coming, and use the platform's sessions on job searching and sponsorship.",
  },
];

/** /universities/why-partner: what a careers service gets, and how to start. */
export function WhyPartner() {
  return (
    <article>
      <h1 className="text-3xl font-bold">Why careers services partner with us</h1>
      <p className="mt-3 max-w-3xl text-lg text-muted">
        International students ask questions a general careers service struggles to answer at scale: which employers can
        sponsor them, what a visa allows, how long they have. The platform answers them, and shows you how your students
        are getting on.
      </p>
      <ul className="mt-8 grid gap-4 md:grid-cols-2">
        {REASONS.map((r) => (
          <li key={r.heading} className="rounded-xl border border-slate-200 bg-white p-5">
            <h2 className="text-lg font-semibold">{r.heading}</h2>
            <p className="mt-2 text-muted">{r.text}</p>
          </li>
        ))}
      </ul>
      <TalkToUs
        id="start"
        heading="Start a conversation"
        text="We will show you the platform with your own university's name on it, and answer your questions about data and pricing."
        other={{ to: "/partner-with-us", text: "Partner with us" }}
      />
    </article>
  );
}
