import { Form } from "react-router";
import { Link } from "~/components/link";
import { DataTable } from "~/components/data-table";
import { ApiKeysTab, RosterTab } from "~/features/roster";
import { ErrorSummary, SubmitButton, TextField } from "~/components/form";
import { SsoTab } from "~/features/sso";
import { type FieldErrors, errorList } from "~/lib/validation";
import { MIN_WHITE_TEXT_CONTRAST } from "../colour";
import type { ProfileAnswer, UniversityProfileData } from "../page.server";
import { ACCOUNT_FIELDS, PROFILE_TABS, type ProfileTab, UNIVERSITY_FIELDS, tabPath } from "../schema";

export const TAB_LABELS: Record<ProfileTab, string> = {
  account: "Your account",
  university: "University details",
  branding: "Branding",
  team: "Team",
  roster: "Student records",
  "api-keys": "API keys",
  sso: "Single sign-on",
  audit: "Audit log",
};

const dateFormat = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "Europe/London",
});
const SECONDARY_BUTTON =
  "rounded border-2 border-red-800 bg-white px-4 py-2 font-semibold text-red-800 hover:bg-red-50";

type View = UniversityProfileData["view"];
type TabProps<T extends View["tab"]> = {
  view: Extract<View, { tab: T }>;
  universityName: string;
  answer: ProfileAnswer | undefined;
  errors: FieldErrors;
  typed: Record<string, string> | null;
};

/** /university-user-profile/{type?}: the tabs as links, and the tab asked for; `answer` is what its form refused, if it did. */
export function UniversityProfilePage({ data, answer }: { data: UniversityProfileData; answer?: ProfileAnswer }) {
  const { view, universityName } = data;
  const errors: FieldErrors = answer?.fieldErrors ?? {};
  const typed: Record<string, string> | null =
    answer?.values && Object.keys(answer.values).length ? answer.values : null;
  const form = { universityName, answer, errors, typed };
  return (
    <article className="max-w-3xl">
      <h1 className="text-3xl font-bold">University profile</h1>
      <p className="mt-2 text-lg">{`Your own account, and how ${universityName} appears to its students.`}</p>
      <nav aria-label="Profile sections" className="mt-6 border-b border-slate-300">
        <ul className="-mb-px flex flex-wrap gap-x-1">
          {PROFILE_TABS.map((t) => (
            <li key={t}>
              <Link
                to={tabPath(t)}
                aria-current={t === view.tab ? "page" : undefined}
                className={`inline-block min-h-11 border-b-4 px-3 py-2.5 font-medium hover:border-slate-400 ${t === view.tab ? "border-brand text-brand" : "border-transparent"}`}
              >
                {TAB_LABELS[t]}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <section aria-labelledby="tab-heading" className="mt-6">
        <h2 id="tab-heading" className="text-2xl font-semibold">
          {TAB_LABELS[view.tab]}
        </h2>
        {view.tab === "account" ? <AccountTab view={view} {...form} /> : null}
        {view.tab === "university" ? <UniversityTab view={view} {...form} /> : null}
        {view.tab === "branding" ? <BrandingTab view={view} {...form} /> : null}
        {view.tab === "team" ? <TeamTab view={view} {...form} /> : null}
        {view.tab === "roster" ? <RosterTab records={view.records} answer={answer} /> : null}
        {view.tab === "api-keys" ? <ApiKeysTab keys={view.keys} answer={answer} endpoint={view.endpoint} /> : null}
        {view.tab === "sso" ? <SsoTab view={view} {...form} /> : null}
        {view.tab === "audit" ? <AuditTab view={view} universityName={universityName} /> : null}
      </section>
    </article>
  );
}

function AccountTab({ view, answer, errors, typed }: TabProps<"account">) {
  return (
    <>
      <ErrorSummary formError={answer?.formError} fields={errorList(errors, ACCOUNT_FIELDS)} answer={answer} />
      <Form method="post" className="mt-4 space-y-5" noValidate>
        <TextField
          name="name"
          label="Your name"
          autoComplete="name"
          maxLength={100}
          required
          defaultValue={typed?.name ?? view.name}
          error={errors.name}
        />
        <TextField
          name="job_title"
          label="Job title"
          hint="Optional. Your colleagues see it on the team list."
          autoComplete="organization-title"
          maxLength={100}
          defaultValue={typed?.job_title ?? view.jobTitle}
          error={errors.job_title}
        />
        <input type="hidden" name="intent" value="save-account" />
        <SubmitButton>Save your details</SubmitButton>
      </Form>
      <h3 className="mt-8 text-xl font-semibold">Email address</h3>
      <p className="mt-2 break-all font-medium">{view.email}</p>
      <p className="mt-1">
        {
          "You log in with this address, and it cannot be changed here. To change it, ask the careers platform team through the "
        }
        <Link to="/contact-us" className="font-semibold text-brand underline">
          contact page
        </Link>
        .
      </p>
      <h3 className="mt-8 text-xl font-semibold">Password</h3>
      <p className="mt-2">
        <Link to={view.changePasswordPath} className="font-semibold text-brand underline">
          Change your password
        </Link>
        {
          " (you need your current one). Forgotten it? Log out and choose “Forgot your password?” on your university's login page: a link to choose a new one comes by email."
        }
      </p>
    </>
  );
}

function UniversityTab({ view, answer, errors, typed }: TabProps<"university">) {
  return (
    <>
      <ErrorSummary formError={answer?.formError} fields={errorList(errors, UNIVERSITY_FIELDS)} answer={answer} />
      <Form method="post" className="mt-4 space-y-5" noValidate>
        <TextField
          name="name"
          label="University name"
          maxLength={120}
          required
          defaultValue={typed?.name ?? view.name}
          error={errors.name}
        />
        <TextField
          name="email_domains"
          label="Your students' email domains"
          hint="One per line or separated by commas, like demo.ac.uk; at most 20. A student whose address ends with one of these, subdomains included (student.demo.ac.uk too), may register on their own. Anyone else asks for access, and you decide on the dashboard. Leave it empty to decide on everyone."
          multiline
          rows={4}
          spellCheck={false}
          autoCapitalize="none"
          defaultValue={typed?.email_domains ?? view.emailDomains.join("\n")}
          error={errors.email_domains}
        />
        <TextField
          name="careers_email"
          label="Careers service email"
          hint="Optional. Shown to students who need help, for example on your microsite's login page."
          type="email"
          spellCheck={false}
          maxLength={254}
          defaultValue={typed?.careers_email ?? view.careersEmail}
          error={errors.careers_email}
        />
        <TextField
          name="careers_url"
          label="Careers website"
          hint="Optional. Its full address, starting https://"
          type="url"
          spellCheck={false}
          maxLength={2000}
          defaultValue={typed?.careers_url ?? view.careersUrl}
          error={errors.careers_url}
        />
        <input type="hidden" name="intent" value="save-university" />
        <SubmitButton>Save the university's details</SubmitButton>
      </Form>
    </>
  );
}

function BrandingTab({ view, universityName, answer, errors, typed }: TabProps<"branding">) {
  return (
    <>
      <p className="mt-2">
        Your microsite shows your logo and colour in its header, and uses the colour for its buttons and links.
      </p>
      <ErrorSummary
        formError={answer?.formError}
        fields={errorList(errors, ["brand_colour", "logo"])}
        answer={answer}
      />
      <h3 className="mt-6 text-xl font-semibold">Brand colour</h3>
      {view.contrast ? (
        <figure className="mt-3">
          <ColourSwatch colour={view.brandColour} name={universityName} />
          <figcaption className="mt-1 text-sm text-muted">{`Now ${view.brandColour}: white text on it has a contrast of ${view.contrast}.`}</figcaption>
        </figure>
      ) : (
        <p className="mt-2">{`The stored colour, “${view.brandColour}”, is not one the microsite can use: it shows the platform's blue until you choose one.`}</p>
      )}
      <Form method="post" className="mt-4 space-y-5" noValidate>
        <TextField
          name="brand_colour"
          label="Brand colour"
          hint={`# and six hexadecimal digits, like #6d28d9. White text on it must reach a contrast of ${MIN_WHITE_TEXT_CONTRAST}:1, so that everyone can read your header and buttons: a mid or dark shade.`}
          spellCheck={false}
          autoCapitalize="none"
          maxLength={7}
          defaultValue={typed?.brand_colour ?? view.brandColour}
          error={errors.brand_colour}
        />
        <input type="hidden" name="intent" value="save-colour" />
        <SubmitButton>Save the colour</SubmitButton>
      </Form>
      <h3 className="mt-10 text-xl font-semibold">Logo</h3>
      {view.logoUrl ? (
        <>
          <img
            src={view.logoUrl}
            alt={`${universityName}'s logo, as it is now`}
            className="mt-3 h-24 w-auto max-w-xs rounded border border-slate-300 bg-white p-2"
          />
          <Form method="post" className="mt-3">
            <input type="hidden" name="intent" value="remove-logo" />
            <button type="submit" className={SECONDARY_BUTTON}>
              Remove the logo
            </button>
          </Form>
        </>
      ) : (
        <p className="mt-2">Your microsite has no logo: its header shows your university's name alone.</p>
      )}
      <Form method="post" encType="multipart/form-data" className="mt-5 space-y-5" noValidate>
        <TextField
          name="logo"
          label={view.logoUrl ? "A new logo" : "Logo"}
          hint="A PNG or SVG file of at most 2 MB, square or wide; a PNG is made at most 512 pixels across. An SVG keeps only its shapes, text and colours: no scripts, links, embedded images or styles."
          type="file"
          accept=".png,.svg,image/png,image/svg+xml"
          error={errors.logo}
        />
        <input type="hidden" name="intent" value="upload-logo" />
        <SubmitButton>Upload the logo</SubmitButton>
      </Form>
    </>
  );
}

const timeFormat = new Intl.DateTimeFormat("en-GB", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "Europe/London",
});

/** A change as the log keeps it, read aloud: "status: awaiting_approval → active". */
const changeText = (changes: Record<string, { before: unknown; after: unknown }>) =>
  Object.entries(changes)
    .map(([field, { before, after }]) => `${field}: ${JSON.stringify(before)} → ${JSON.stringify(after)}`)
    .join("; ");

/** The university's audit log: every change its admins (and the platform's operators) made to its people's data. */
function AuditTab({ view, universityName }: { view: Extract<View, { tab: "audit" }>; universityName: string }) {
  const pageLink = (page: number) => `/university-user-profile/audit?page=${page}`;
  return (
    <>
      <p className="mt-2">
        Every change made to {universityName}'s people and settings on their behalf, newest first: who made it, to which
        record, what changed and from where. No entry can be changed or removed.
      </p>
      {view.entries.length ? (
        <DataTable
          caption={`${universityName}'s audit log, page ${view.page} of ${view.pages}`}
          minWidth="min-w-[48rem]"
          rows={view.entries}
          rowKey={(e) => e.id}
          columns={[
            { header: "When", cell: (e) => timeFormat.format(new Date(e.at)) },
            {
              header: "Who",
              cell: (e) =>
                e.actorName
                  ? `${e.actorName} (${e.actorEmail})`
                  : e.actorRole === "system"
                    ? "The platform's operator"
                    : "A removed account",
              className: "break-all",
            },
            { header: "What", cell: (e) => e.action },
            { header: "Record", cell: (e) => `${e.targetType} ${e.targetId}` },
            { header: "Changes", cell: (e) => changeText(e.changes), className: "break-all" },
            { header: "From", cell: (e) => e.ip ?? "" },
          ]}
        />
      ) : (
        <p className="mt-4">Nothing has been recorded yet.</p>
      )}
      {view.pages > 1 ? (
        <nav aria-label="Audit log pages" className="mt-4 flex gap-4">
          {view.page > 1 ? (
            <Link to={pageLink(view.page - 1)} className="font-semibold text-brand underline">
              Newer entries
            </Link>
          ) : null}
          {view.page < view.pages ? (
            <Link to={pageLink(view.page + 1)} className="font-semibold text-brand underline">
              Older entries
            </Link>
          ) : null}
        </nav>
      ) : null}
    </>
  );
}

function TeamTab({ view, universityName, answer }: TabProps<"team">) {
  return (
    <>
      <ErrorSummary formError={answer?.formError} fields={[]} answer={answer} />
      <DataTable
        caption={`${universityName}'s administrators, by name`}
        minWidth="min-w-[36rem]"
        rows={view.members}
        rowKey={(m) => m.id}
        columns={[
          { header: "Name", cell: (m) => (m.you ? `${m.name} (you)` : m.name) },
          { header: "Email", cell: (m) => m.email, className: "break-all" },
          { header: "Job title", cell: (m) => m.jobTitle ?? "" },
          { header: "Admin since", cell: (m) => dateFormat.format(new Date(m.since)) },
        ]}
      />
      <p className="mt-6">
        {"A colleague who needs an admin account asks for one on the "}
        <Link to="/university-user-registration" className="font-semibold text-brand underline">
          university staff registration page
        </Link>
        {`, choosing ${universityName} and giving their work email and job title. Once they confirm their address, you and the other admins are emailed, and they wait under “Accounts waiting for approval” on `}
        <Link to="/university-dashboard" className="font-semibold text-brand underline">
          your dashboard
        </Link>
        {
          ", where any of you approves or refuses them; they are told by email either way. The dashboard flags an address outside your university's email domains."
        }
      </p>
    </>
  );
}

/** The colour with white text on it, as the microsite's header shows it (an SVG fill: the CSP refuses style attributes). */
function ColourSwatch({ colour, name }: { colour: string; name: string }) {
  return (
    <svg
      width="320"
      height="56"
      viewBox="0 0 320 56"
      role="img"
      aria-label={`White text on ${colour}, as in your microsite's header`}
      className="max-w-full rounded"
    >
      <rect width="320" height="56" rx="6" fill={colour} />
      <text x="16" y="34" fill="#ffffff" fontSize="17" fontWeight="700">
        {`${name.length > 28 ? `${name.slice(0, 27)}…` : name} Careers`}
      </text>
    </svg>
  );
}
