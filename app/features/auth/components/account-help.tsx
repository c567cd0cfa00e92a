import { Form } from "react-router";
import { Link } from "~/components/link";
import type { AccountStep, CareersContact } from "../account-help";

const LINK_CLASS = "inline-block py-1 font-medium text-blue-800 underline underline-offset-2 hover:text-blue-950";
const SECONDARY_BUTTON = "rounded border-2 border-brand bg-white px-4 py-2 font-semibold text-ink hover:bg-slate-50";

/** "Forgot your password?" and "Create an account", when the page knows the university. */
export function AccountLinks({ links }: { links: Record<AccountStep, string> }) {
  return (
    <ul className="mt-6 flex flex-wrap justify-between gap-x-6 gap-y-2">
      <li>
        <Link to={links["forgot-password"]} className={LINK_CLASS}>
          Forgot your password?
        </Link>
      </li>
      <li>
        <Link to={links.register} className={LINK_CLASS}>
          Create an account
        </Link>
      </li>
    </ul>
  );
}

/**
 * On the main site the university is not known, and the spec gives each university its own password
 * and registration pages, so the visitor picks theirs. A GET form: the login page's loader answers
 * it with a redirect to the chosen page, which works without JavaScript too.
 */
export function UniversityChooser({
  universities,
  error,
}: {
  universities: { slug: string; name: string }[];
  error: string | null;
}) {
  return (
    // Not a named region: its heading would make it a second match for the label "Password".
    <section className="mt-10 border-t border-slate-300 pt-6">
      <h2 className="text-xl font-semibold">Forgot your password or new here?</h2>
      <p className="mt-2 text-muted">Accounts come through your university. Choose yours, then what you need.</p>
      <Form method="get" className="mt-4 space-y-4">
        <div>
          <label htmlFor="university" className="block font-medium">
            Your university
          </label>
          <select
            id="university"
            name="university"
            defaultValue=""
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "university-error" : undefined}
            className="mt-1 w-full rounded border border-slate-500 bg-white px-3 py-2"
          >
            <option value="">Choose your university</option>
            {universities.map((u) => (
              <option key={u.slug} value={u.slug}>
                {u.name}
              </option>
            ))}
          </select>
          {error ? (
            <p id="university-error" className="mt-1 text-sm text-red-800">
              {error}
            </p>
          ) : null}
        </div>
        <div className="flex flex-wrap gap-3">
          <button type="submit" name="next" value="forgot-password" className={SECONDARY_BUTTON}>
            Forgot your password?
          </button>
          <button type="submit" name="next" value="register" className={SECONDARY_BUTTON}>
            Create an account
          </button>
        </div>
      </Form>
      <p className="mt-4">
        University staff?{" "}
        <Link to="/university-user-registration" className={LINK_CLASS}>
          Ask for an administrator account
        </Link>
      </p>
      <p className="mt-2">
        An employer, or the platform's staff?{" "}
        <Link to="/forgot-password" className={LINK_CLASS}>
          Reset your password
        </Link>
      </p>
    </section>
  );
}

/**
 * A microsite sends visitors from nearly every page to its login page, so that page says where help
 * is: the university's careers service, and the main site's Contact us when its address is known.
 */
export function MicrositeHelp({
  universityName,
  contact,
  contactUsUrl,
}: {
  universityName: string;
  contact: CareersContact;
  contactUsUrl: string | null;
}) {
  return (
    <section aria-labelledby="login-help-heading" className="mt-10 rounded border border-slate-300 bg-white p-4">
      <h2 id="login-help-heading" className="text-lg font-semibold">
        Need help?
      </h2>
      <p className="mt-2">
        This site is for {universityName} students and staff, and its pages open after you log in. For help with your
        account, contact the {universityName} careers service
        {contact.email || contact.url ? ":" : "."}
      </p>
      {contact.email || contact.url ? (
        <ul className="mt-1 space-y-1">
          {contact.email ? (
            <li>
              Email{" "}
              <a href={`mailto:${contact.email}`} className={LINK_CLASS}>
                {contact.email}
              </a>
            </li>
          ) : null}
          {contact.url ? (
            <li>
              <a href={contact.url} className={LINK_CLASS}>
                {universityName} careers service website
              </a>
            </li>
          ) : null}
        </ul>
      ) : null}
      {contactUsUrl ? (
        <p className="mt-3">
          For anything else about the platform,{" "}
          <a href={contactUsUrl} className={LINK_CLASS}>
            contact us
          </a>
          .
        </p>
      ) : null}
    </section>
  );
}
