import { Link } from "./link";

export function SiteFooter({ universityName }: { universityName: string | null }) {
  return (
    <footer className="mt-16 border-t border-slate-200 bg-white">
      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 text-sm text-muted sm:grid-cols-4">
        <div>
          <p className="font-semibold text-ink">{universityName ? `${universityName} Careers` : "Career Platform"}</p>
          <p className="mt-2">
            Jobs, guides and tools for international students, their universities and students about to travel.
          </p>
        </div>
        <nav aria-label="Footer">
          <ul className="space-y-2">
            <li>
              <Link className="underline" to="/about-us">
                About us
              </Link>
            </li>
            <li>
              <Link className="underline" to="/contact-us">
                Contact us
              </Link>
            </li>
            <li>
              <Link className="underline" to="/book-a-meeting">
                Book a meeting
              </Link>
            </li>
            <li>
              <Link className="underline" to="/faq">
                FAQ
              </Link>
            </li>
            <li>
              <Link className="underline" to="/country-guide">
                Country guides
              </Link>
            </li>
            <li>
              <Link className="underline" to="/immigration-guide">
                Immigration guide
              </Link>
            </li>
            <li>
              <Link className="underline" to="/workshop-and-webinars">
                Workshops and webinars
              </Link>
            </li>
            <li>
              <Link className="underline" to="/job-seekers-toolkit">
                Job seekers&apos; toolkit
              </Link>
            </li>
            <li>
              <Link className="underline" to="/international-student-job-search-report">
                Job search report
              </Link>
            </li>
            <li>
              <Link className="underline" to="/jumpstart">
                Before you travel: Jumpstart
              </Link>
            </li>
          </ul>
        </nav>
        <ul className="space-y-2">
          <li>
            <Link className="underline" to="/universities">
              For universities
            </Link>
          </li>
          <li>
            <Link className="underline" to="/employers">
              For employers
            </Link>
          </li>
          <li>
            <Link className="underline" to="/campus-ambassadors">
              Campus ambassadors
            </Link>
          </li>
          <li>
            <Link className="underline" to="/careers">
              Careers with us
            </Link>
          </li>
        </ul>
        <ul className="space-y-2">
          <li>
            <Link className="underline" to="/privacy-policy">
              Privacy policy
            </Link>
          </li>
          <li>
            <Link className="underline" to="/terms-condition">
              Terms and conditions
            </Link>
          </li>
          <li>© 2026 Career Platform Ltd</li>
        </ul>
      </div>
    </footer>
  );
}
