import { Link } from "~/components/link";

const sections = [
  { id: "who-we-are", title: "Who we are and our role" },
  { id: "what-we-collect", title: "What information we collect" },
  { id: "lawful-bases", title: "Our lawful bases" },
  { id: "how-we-use", title: "How we use your information" },
  { id: "sharing", title: "Who we share it with" },
  { id: "transfers", title: "International transfers" },
  { id: "retention", title: "How long we keep it" },
  { id: "cookies", title: "Cookies" },
  { id: "your-rights", title: "Your rights" },
  { id: "children", title: "Children" },
  { id: "security", title: "Security" },
  { id: "changes", title: "Changes to this policy" },
  { id: "contact", title: "Contact us" },
] as const;

export function PrivacyPolicy() {
  return (
    <div className="space-y-8">
      <p>
        Last updated: <time dateTime="2026-11-22">22 November 2026</time>
      </p>
      <p>
        This policy explains what personal information we collect when you use our careers platform, why we collect it,
        who we share it with and the choices you have. We follow the UK General Data Protection Regulation (UK GDPR),
        the Data Protection Act 2018 and the Privacy and Electronic Communications Regulations (PECR).
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

      <section id="who-we-are" aria-labelledby="who-we-are-heading" className="space-y-4">
        <h2 id="who-we-are-heading">Who we are and our role</h2>
        <p>
          This platform is run by Career Platform Ltd, a company registered in England and Wales. In this policy,
          &ldquo;we&rdquo;, &ldquo;us&rdquo; and &ldquo;our&rdquo; mean Career Platform Ltd.
        </p>
        <p>
          Data protection law gives organisations different roles. Which role we have depends on how you got your
          account.
        </p>
        <h3>If you signed up yourself</h3>
        <p>
          If you created an account on your own, for example as a pre-departure student, we are the{" "}
          <strong>controller</strong> of your personal information. This means we decide how and why it is used, and we
          are responsible for it. We are also the controller for our own marketing and for enquiries sent to us
          directly.
        </p>
        <h3>If your university gave you an account</h3>
        <p>
          If your account was provided by a partner university, or you use a university&apos;s branded microsite, the
          university is the <strong>controller</strong> and we are its <strong>processor</strong>. We only use your
          information on the university&apos;s written instructions, under a data processing agreement. Your
          university&apos;s own privacy notice explains how it uses your information, and it is usually the best place
          to send requests about your data. If you contact us instead, we will pass your request to the university and
          help it respond.
        </p>
      </section>

      <section id="what-we-collect" aria-labelledby="what-we-collect-heading" className="space-y-4">
        <h2 id="what-we-collect-heading">What information we collect</h2>
        <ul>
          <li>
            <strong>Account information:</strong> your name, email address, password (stored only in a scrambled, hashed
            form that we cannot read), university, course and expected graduation date.
          </li>
          <li>
            <strong>Profile and CV content:</strong> anything you add to your profile or CV builder, such as your
            education, work history, skills, languages, nationality and the countries you are interested in. Please do
            not include sensitive details, such as health information or religious beliefs, in your CV unless you want
            employers to see them.
          </li>
          <li>
            <strong>How you use the platform:</strong> for example, the jobs you save, the videos you watch, the country
            guides you read and the tools you use, such as the sponsor licence checker or the Australian points
            calculator, where these are saved to your account.
          </li>
          <li>
            <strong>Enquiries:</strong> if you contact us, we keep your message and the contact details you give,
            including your phone number if you choose to share it.
          </li>
          <li>
            <strong>Security logs:</strong> technical records such as your IP address, browser type, and the date and
            time of sign-ins, failed sign-in attempts and important account changes.
          </li>
        </ul>
      </section>

      <section id="lawful-bases" aria-labelledby="lawful-bases-heading" className="space-y-4">
        <h2 id="lawful-bases-heading">Our lawful bases</h2>
        <p>
          The law says we must have a valid reason, called a lawful basis, for each way we use your information. Where
          we act as a processor for a university, the university decides the lawful basis. Where we are the controller,
          we rely on the following.
        </p>
        <table className="w-full text-left text-sm">
          <caption>Why we use your information and the lawful basis we rely on</caption>
          <thead>
            <tr>
              <th scope="col">What we do</th>
              <th scope="col">Lawful basis</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <td>Create and run your account, and provide the features you ask for</td>
              <td>Contract: we need it to provide the service you signed up for</td>
            </tr>
            <tr>
              <td>Answer your enquiries</td>
              <td>Legitimate interests: responding to people who contact us</td>
            </tr>
            <tr>
              <td>Keep the platform secure and prevent fraud and misuse</td>
              <td>Legitimate interests: protecting our users and our service</td>
            </tr>
            <tr>
              <td>Improve the platform using information about how it is used</td>
              <td>Legitimate interests: making the service work better for students</td>
            </tr>
            <tr>
              <td>Send you news and marketing emails</td>
              <td>Consent: you can withdraw it at any time</td>
            </tr>
            <tr>
              <td>Keep records we must keep by law, or respond to lawful requests</td>
              <td>Legal obligation</td>
            </tr>
          </tbody>
        </table>
        <p>
          When we rely on legitimate interests, we have checked that our interests are not outweighed by your rights and
          interests. You can object at any time (see <a href="#your-rights">Your rights</a>).
        </p>
      </section>

      <section id="how-we-use" aria-labelledby="how-we-use-heading" className="space-y-4">
        <h2 id="how-we-use-heading">How we use your information</h2>
        <ul>
          <li>To let you sign in and to keep your account, profile and CV.</li>
          <li>To show you job listings, videos and country guides that match your interests.</li>
          <li>To send you emails about your account, such as password resets and important changes.</li>
          <li>To reply to your questions and support requests.</li>
          <li>To detect and stop suspicious sign-ins, spam and other misuse.</li>
          <li>
            To understand which features are useful, using grouped information that does not identify you wherever
            possible.
          </li>
          <li>To send you marketing emails, but only if you have agreed. Every email has an unsubscribe link.</li>
        </ul>
        <p>
          We do not make decisions about you that have legal or similarly significant effects based only on automated
          processing.
        </p>
      </section>

      <section id="sharing" aria-labelledby="sharing-heading" className="space-y-4">
        <h2 id="sharing-heading">Who we share it with</h2>
        <p>
          <strong>We do not sell your personal information</strong>, and we do not share it with advertisers. We only
          share it with:
        </p>
        <ul>
          <li>
            <strong>Your university</strong>, if your account is provided through it. Its careers service can see
            information such as your profile, your CV and how you use the platform, so that it can support you. Its
            privacy notice explains how it uses this information.
          </li>
          <li>
            <strong>Service providers who work for us</strong>, such as our hosting provider and our email delivery
            provider. They act as our processors, can only use your information to provide their service to us, and must
            keep it secure.
          </li>
          <li>
            <strong>Professional advisers</strong>, such as lawyers and accountants, where needed.
          </li>
          <li>
            <strong>Police, regulators or courts</strong>, but only where the law requires it or to protect
            someone&apos;s safety.
          </li>
          <li>
            <strong>A new owner</strong>, if our business or part of it is sold or merged. They must protect your
            information in line with this policy.
          </li>
        </ul>
        <p>
          If you follow a link to apply for a job on an employer&apos;s own website, the information you give there goes
          to the employer directly, and the employer&apos;s privacy notice applies.
        </p>
      </section>

      <section id="transfers" aria-labelledby="transfers-heading" className="space-y-4">
        <h2 id="transfers-heading">International transfers</h2>
        <p>
          Some of our service providers may store or access information outside the UK. When this happens, we make sure
          your information is protected to UK standards by using at least one of these safeguards:
        </p>
        <ul>
          <li>
            the country has been found by the UK Government to give adequate protection to personal information (known
            as &ldquo;adequacy regulations&rdquo;); or
          </li>
          <li>
            we have a contract with the provider that uses the UK International Data Transfer Agreement (IDTA), or the
            UK Addendum to the EU Standard Contractual Clauses.
          </li>
        </ul>
        <p>
          You can ask us for more information about these safeguards using the details in{" "}
          <a href="#contact">Contact us</a>.
        </p>
      </section>

      <section id="retention" aria-labelledby="retention-heading" className="space-y-4">
        <h2 id="retention-heading">How long we keep it</h2>
        <p>We only keep personal information for as long as we need it.</p>
        <ul>
          <li>
            <strong>Accounts, profiles and CVs:</strong> while your account is active. If you do not sign in for 24
            months, we delete your account. You can also delete it sooner. For accounts provided by a university, we
            follow the university&apos;s instructions.
          </li>
          <li>
            <strong>Enquiries:</strong> 24 months from our last contact with you.
          </li>
          <li>
            <strong>Security logs:</strong> 12 months.
          </li>
          <li>
            <strong>Sign-in sessions:</strong> expire after 30 days, after which you need to sign in again.
          </li>
          <li>
            <strong>Backups:</strong> kept for up to 35 days and then overwritten. Deleted information can stay in a
            backup until that backup is overwritten, but we do not use it for anything else.
          </li>
        </ul>
      </section>

      <section id="cookies" aria-labelledby="cookies-heading" className="space-y-4">
        <h2 id="cookies-heading">Cookies</h2>
        <p>
          Cookies are small files that a website stores in your browser. We only use cookies that are{" "}
          <strong>strictly necessary</strong> for the platform to work. Under PECR, these cookies do not need your
          consent, which is why we do not show a cookie banner.
        </p>
        <p>
          <strong>We do not set any advertising or analytics cookies.</strong>
        </p>
        <table className="w-full text-left text-sm">
          <caption>Cookies set by this platform</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">What it does</th>
              <th scope="col">Type</th>
              <th scope="col">How long it lasts</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <th scope="row">
                <code>sid</code>
              </th>
              <td>
                Keeps you signed in as you move between pages. It is marked HttpOnly, so scripts on the page cannot read
                it.
              </td>
              <td>Strictly necessary</td>
              <td>30 days</td>
            </tr>
            <tr>
              <th scope="row">
                <code>prev_url</code>
              </th>
              <td>Remembers the page you were going to before you signed in, so we can take you back there.</td>
              <td>Strictly necessary</td>
              <td>1 day</td>
            </tr>
            <tr>
              <th scope="row">
                <code>flash</code>
              </th>
              <td>Shows a one-time message after an action, for example &ldquo;Your CV has been saved&rdquo;.</td>
              <td>Strictly necessary</td>
              <td>Deleted as soon as the message is shown</td>
            </tr>
          </tbody>
        </table>
        <p>
          You can block or delete cookies in your browser settings, but if you block these cookies you will not be able
          to sign in.
        </p>
      </section>

      <section id="your-rights" aria-labelledby="your-rights-heading" className="space-y-4">
        <h2 id="your-rights-heading">Your rights</h2>
        <p>Under data protection law, you have the right to:</p>
        <ul>
          <li>
            <strong>Access</strong>: ask for a copy of the personal information we hold about you.
          </li>
          <li>
            <strong>Rectification</strong>: ask us to correct information that is wrong or incomplete.
          </li>
          <li>
            <strong>Erasure</strong>: ask us to delete your information.
          </li>
          <li>
            <strong>Restriction</strong>: ask us to limit how we use your information.
          </li>
          <li>
            <strong>Portability</strong>: ask for information you gave us in a common, machine-readable format, or ask
            us to send it to another organisation.
          </li>
          <li>
            <strong>Objection</strong>: object to us using your information based on legitimate interests, and stop
            marketing at any time.
          </li>
          <li>
            <strong>Withdraw consent</strong>: where we rely on your consent, you can withdraw it at any time. This does
            not affect anything we did before you withdrew it.
          </li>
        </ul>
        <p>
          Some rights only apply in certain situations. We will normally reply within one month and will not charge a
          fee. We may need to check your identity first. If your account was provided by your university, please contact
          the university first; if you contact us, we will pass your request on.
        </p>
        <h3>Complaints</h3>
        <p>
          If you are unhappy with how we have used your information, please tell us first so we can try to put it right.
          You also have the right to complain to the Information Commissioner&apos;s Office (ICO), the UK data
          protection regulator: visit <a href="https://ico.org.uk/">ico.org.uk</a> or call{" "}
          <a href="tel:+443031231113">0303 123 1113</a>.
        </p>
      </section>

      <section id="children" aria-labelledby="children-heading" className="space-y-4">
        <h2 id="children-heading">Children</h2>
        <p>
          The platform is for people aged 16 and over. We do not knowingly collect information from anyone under 16. If
          you think a child under 16 has given us their information, please contact us and we will delete it.
        </p>
      </section>

      <section id="security" aria-labelledby="security-heading" className="space-y-4">
        <h2 id="security-heading">Security</h2>
        <p>
          We use appropriate technical and organisational measures to protect your information. These include encrypted
          connections (HTTPS), hashed passwords, HttpOnly session cookies, limits on who in our team can access personal
          information, and monitoring for suspicious activity. No system is completely secure, so please use a strong
          password that you do not use anywhere else. If a data breach is likely to put you at high risk, we will tell
          you without undue delay.
        </p>
      </section>

      <section id="changes" aria-labelledby="changes-heading" className="space-y-4">
        <h2 id="changes-heading">Changes to this policy</h2>
        <p>
          We may update this policy from time to time. We will change the &ldquo;last updated&rdquo; date at the top of
          this page and, if the changes are important, we will tell you by email or through the platform before they
          take effect.
        </p>
      </section>

      <section id="contact" aria-labelledby="contact-heading" className="space-y-4">
        <h2 id="contact-heading">Contact us</h2>
        <p>
          If you have a question about this policy or want to use any of your rights, please write to our Data
          Protection Officer using the <Link to="/contact-us">Contact us</Link> page.
        </p>
      </section>
    </div>
  );
}
