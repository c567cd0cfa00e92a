import { Link } from "~/components/link";

const sections = [
  { id: "about", title: "About these terms" },
  { id: "eligibility", title: "Who can use the platform" },
  { id: "accounts", title: "Your account and security" },
  { id: "university-accounts", title: "Accounts provided by a university" },
  { id: "acceptable-use", title: "Acceptable use" },
  { id: "jobs-and-tools", title: "Job listings, employers and visa tools" },
  { id: "your-content", title: "Your content" },
  { id: "intellectual-property", title: "Our intellectual property" },
  { id: "availability", title: "Availability and maintenance" },
  { id: "liability", title: "Our responsibility to you" },
  { id: "termination", title: "Suspension and closing accounts" },
  { id: "changes", title: "Changes to these terms" },
  { id: "governing-law", title: "Governing law" },
  { id: "contact", title: "Contact us" },
] as const;

export function TermsAndConditions() {
  return (
    <div className="space-y-8">
      <p>
        Last updated: <time dateTime="2026-11-22">22 November 2026</time>
      </p>

      <nav aria-label="On this page">
        <ol>
          {sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`}>{section.title}</a>
            </li>
          ))}
        </ol>
      </nav>

      <section id="about" aria-labelledby="about-heading" className="space-y-4">
        <h2 id="about-heading">About these terms</h2>
        <p>
          These terms explain the rules for using our careers platform, including job listings, the CV builder, the
          career video hub, country guides, the UK visa sponsor licence checker, the Australian points calculator,
          university dashboards and university microsites. The platform is run by Career Platform Ltd, a company
          registered in England and Wales (&ldquo;we&rdquo;, &ldquo;us&rdquo;, &ldquo;our&rdquo;).
        </p>
        <p>
          By creating an account or using the platform, you agree to these terms. Please read them carefully. Our{" "}
          <Link to="/privacy-policy">Privacy policy</Link> explains how we use your personal information.
        </p>
      </section>

      <section id="eligibility" aria-labelledby="eligibility-heading" className="space-y-4">
        <h2 id="eligibility-heading">Who can use the platform</h2>
        <p>
          You must be 16 or over to create an account. The platform is designed for international students, students
          preparing to study abroad, graduates and university careers staff. You must give us accurate information about
          yourself and keep it up to date.
        </p>
      </section>

      <section id="accounts" aria-labelledby="accounts-heading" className="space-y-4">
        <h2 id="accounts-heading">Your account and security</h2>
        <ul>
          <li>Your account is for you only. Do not share it or let anyone else sign in as you.</li>
          <li>Use a strong password that you do not use on any other website, and keep it private.</li>
          <li>
            You are responsible for what happens in your account, unless someone else used it because of our failure to
            keep it secure.
          </li>
          <li>
            If you think someone else has accessed your account, change your password straight away and tell us using
            the <Link to="/contact-us">Contact us</Link> page.
          </li>
        </ul>
      </section>

      <section id="university-accounts" aria-labelledby="university-accounts-heading" className="space-y-4">
        <h2 id="university-accounts-heading">Accounts provided by a university</h2>
        <p>
          Some accounts are provided by a partner university, often through a university-branded microsite. If your
          account comes from your university:
        </p>
        <ul>
          <li>
            your university&apos;s careers service can see information in your account, such as your profile, CV and
            activity, to help support you;
          </li>
          <li>your university may also have its own rules for using the platform, which you must follow;</li>
          <li>
            your university decides how long you have access, and it may end your access, for example when you finish
            your course or if its agreement with us ends; and
          </li>
          <li>questions about access or about your data should usually go to your university first.</li>
        </ul>
        <p>We recommend you keep your own copy of your CV in case your access ends.</p>
      </section>

      <section id="acceptable-use" aria-labelledby="acceptable-use-heading" className="space-y-4">
        <h2 id="acceptable-use-heading">Acceptable use</h2>
        <p>When using the platform, you must not:</p>
        <ul>
          <li>break the law, or help anyone else to do so;</li>
          <li>give false information, pretend to be someone else or create an account for someone else;</li>
          <li>post content that is offensive, discriminatory, threatening, misleading or harassing;</li>
          <li>
            upload content you do not have the right to share, or other people&apos;s personal information without their
            permission;
          </li>
          <li>send spam or unwanted messages, including to employers or universities;</li>
          <li>
            upload viruses or other harmful code, or try to get into accounts or systems you are not allowed to access;
          </li>
          <li>copy content from the platform in bulk, including by scraping or other automated means; or</li>
          <li>interfere with the platform, or test its security without our written permission.</li>
        </ul>
      </section>

      <section id="jobs-and-tools" aria-labelledby="jobs-and-tools-heading" className="space-y-4">
        <h2 id="jobs-and-tools-heading">Job listings, employers and visa tools</h2>
        <h3>Job listings and employers</h3>
        <p>
          Many job listings come from third-party employers and partners. We take reasonable steps to keep listings
          accurate, but we do not check every listing and are not responsible for what employers write, how they
          recruit, or their websites. Any job offer is between you and the employer.
        </p>
        <p>
          <strong>We do not guarantee that you will get a job, a visa or visa sponsorship.</strong> A genuine employer
          will never ask you to pay for a job. If a listing looks suspicious, please report it to us using the{" "}
          <Link to="/contact-us">Contact us</Link> page.
        </p>
        <h3>UK visa sponsor licence checker</h3>
        <p>
          The sponsor licence checker uses the Home Office register of licensed sponsors as it stood on the date shown
          in the checker. The register changes often, so an organisation&apos;s status may have changed since then. An
          employer having a licence does not mean it will sponsor you, or that a particular job meets visa requirements.
          Please check the latest register on GOV.UK and confirm with the employer.
        </p>
        <h3>Australian points calculator</h3>
        <p>
          The Australian points calculator gives an estimate based on the answers you enter. It is not an official
          assessment, and a points score does not guarantee an invitation or a visa. Rules and invitation scores change,
          so always check the Australian Department of Home Affairs website.
        </p>
        <h3>This is not legal or migration advice</h3>
        <p>
          Our tools, country guides and videos give general information only. They are not legal advice, immigration
          advice or migration advice. For advice about your own situation:
        </p>
        <ul>
          <li>
            for UK immigration, speak to an adviser regulated by the Immigration Advice Authority (formerly the Office
            of the Immigration Services Commissioner, OISC), or a qualified solicitor; and
          </li>
          <li>for Australian migration, speak to a registered migration agent or an Australian legal practitioner.</li>
        </ul>
      </section>

      <section id="your-content" aria-labelledby="your-content-heading" className="space-y-4">
        <h2 id="your-content-heading">Your content</h2>
        <p>
          You own the content you add to the platform, such as your profile and CV. You give us permission (a
          non-exclusive, royalty-free licence) to store, copy, format and display that content only so that we can run
          the platform for you. This includes sharing it with your university if your account is provided through it,
          and with anyone else you choose to share it with.
        </p>
        <p>
          This permission ends when you delete the content or your account, except for copies held in backups until they
          are overwritten. You are responsible for making sure your content is accurate and that you have the right to
          share it.
        </p>
      </section>

      <section id="intellectual-property" aria-labelledby="intellectual-property-heading" className="space-y-4">
        <h2 id="intellectual-property-heading">Our intellectual property</h2>
        <p>
          We, or the people who license content to us, own the platform and its content, including the design, software,
          videos, country guides, CV templates and text. University names, logos and microsite content belong to the
          universities.
        </p>
        <p>
          You may use the platform and its content for your own personal, non-commercial use, such as planning your
          career and building your CV. You must not copy, sell, republish or share our content for any other purpose
          without our written permission.
        </p>
      </section>

      <section id="availability" aria-labelledby="availability-heading" className="space-y-4">
        <h2 id="availability-heading">Availability and maintenance</h2>
        <p>
          We work hard to keep the platform available and secure, but we cannot promise it will always be available or
          free from errors. We may need to pause it for maintenance, updates or security reasons, and we will try to
          give notice of planned maintenance.
        </p>
        <p>
          We may change, add or remove features to improve the platform or to meet legal requirements. If we stop
          offering an important feature, we will try to tell you in advance.
        </p>
      </section>

      <section id="liability" aria-labelledby="liability-heading" className="space-y-4">
        <h2 id="liability-heading">Our responsibility to you</h2>
        <p>
          <strong>Nothing in these terms limits or excludes our liability</strong> for death or personal injury caused
          by our negligence, for fraud or fraudulent misrepresentation, or for anything else that cannot be limited or
          excluded by law.
        </p>
        <p>
          If you are a consumer, these terms do not affect your statutory rights. For example, we must provide our
          services with reasonable care and skill. You can get more information about your rights from Citizens Advice.
        </p>
        <p>
          If we break these terms or fail to use reasonable care and skill, we are responsible for loss or damage you
          suffer that is a foreseeable result of that. Loss or damage is foreseeable if it is obvious that it will
          happen, or if both you and we knew it might happen when you started using the platform. We are not responsible
          for loss or damage that is not foreseeable.
        </p>
        <p>We are also not responsible for:</p>
        <ul>
          <li>
            decisions made by employers, universities, the UK Home Office, the Australian Department of Home Affairs or
            any other organisation;
          </li>
          <li>the content of third-party websites we link to; or</li>
          <li>delays or failures caused by events outside our reasonable control.</li>
        </ul>
        <p>
          Universities and other organisations that use the platform under a separate agreement with us are covered by
          the liability terms in that agreement.
        </p>
      </section>

      <section id="termination" aria-labelledby="termination-heading" className="space-y-4">
        <h2 id="termination-heading">Suspension and closing accounts</h2>
        <h3>If you want to leave</h3>
        <p>
          You can stop using the platform and ask us to close your account at any time. If your account is provided by
          your university, you may need to ask your university as well.
        </p>
        <h3>If we need to suspend or close your account</h3>
        <p>
          We may suspend or close your account if you seriously or repeatedly break these terms, if we need to protect
          other users or the platform, or if the law requires it. Where it is reasonable to do so, we will tell you why
          and give you a chance to put things right first. If we close an account provided by a university, we may also
          tell the university.
        </p>
        <p>
          We may also close accounts that have not been used for 24 months, as explained in our{" "}
          <Link to="/privacy-policy">Privacy policy</Link>.
        </p>
      </section>

      <section id="changes" aria-labelledby="changes-heading" className="space-y-4">
        <h2 id="changes-heading">Changes to these terms</h2>
        <p>
          We may update these terms, for example to reflect new features or changes in the law. We will change the
          &ldquo;last updated&rdquo; date at the top of this page. If the changes are important, we will tell you by
          email or through the platform before they take effect. If you do not agree with the changes, you can close
          your account.
        </p>
      </section>

      <section id="governing-law" aria-labelledby="governing-law-heading" className="space-y-4">
        <h2 id="governing-law-heading">Governing law</h2>
        <p>
          These terms are governed by the law of England and Wales, and the courts of England and Wales can deal with
          any dispute. If you live in Scotland, you can bring legal proceedings in either the Scottish or the English
          courts. If you live in Northern Ireland, you can bring legal proceedings in either the Northern Irish or the
          English courts.
        </p>
        <p>
          If you live outside the UK, you may also have rights under the consumer laws of the country where you live,
          and these terms do not take those rights away.
        </p>
      </section>

      <section id="contact" aria-labelledby="contact-heading" className="space-y-4">
        <h2 id="contact-heading">Contact us</h2>
        <p>
          If you have a question or a complaint about these terms or the platform, please get in touch using the{" "}
          <Link to="/contact-us">Contact us</Link> page. We will try to resolve any problem quickly and fairly.
        </p>
      </section>
    </div>
  );
}
