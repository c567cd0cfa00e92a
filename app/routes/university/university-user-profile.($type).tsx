import { Form, Link, data, redirect } from "react-router";
import { ErrorSummary, SubmitButton, TextField } from "~/components/form";
import { dbContext } from "~/db/context";
import { micrositesContext } from "~/features/access/context";
import { requireUniversityAdmin } from "~/features/access/require-user.server";
import { sessionsContext } from "~/features/auth/context";
import { MIN_WHITE_TEXT_CONTRAST, formatRatio, whiteTextContrast } from "~/features/university-profile/colour";
import { LOGO_TOO_LARGE, prepareLogo, removeLogo, storeLogo } from "~/features/university-profile/logo.server";
import {
  accountOf,
  saveAccount,
  saveBrandColour,
  saveUniversitySettings,
  teamOf,
} from "~/features/university-profile/queries.server";
import {
  ACCOUNT_FIELDS,
  PROFILE_TABS,
  type ProfileTab,
  UNIVERSITY_FIELDS,
  accountSchema,
  brandColourSchema,
  tabOf,
  tabPath,
  universitySchema,
} from "~/features/university-profile/schema";
import { clockContext, configContext } from "~/lib/context";
import { flashCookie } from "~/lib/flash.server";
import { dispatchIntent } from "~/lib/intent";
import { pageTitle } from "~/lib/meta";
import { formOf, formWithFile, keptValues } from "~/lib/request-body.server";
import { type FieldErrors, errorList, validate } from "~/lib/validation";
import type { Route } from "./+types/university-user-profile.($type)";

const TAB_LABELS: Record<ProfileTab, string> = {
  account: "Your account",
  university: "University details",
  branding: "Branding",
  team: "Team",
};

/**
 * There is no change-password page of the university's own area: /student-change-password (guard B,
 * any logged-in role, asks the current password) serves every role. /forgot-password/{university}
 * would not do: as a guard C page it sends a logged-in person back.
 */
const CHANGE_PASSWORD_PATH = "/student-change-password";

function tabOr404(type: string | undefined): ProfileTab {
  const tab = tabOf(type);
  if (!tab) throw data(null, { status: 404 });
  return tab;
}

const HEX_COLOUR = /^#[0-9a-f]{6}$/i;

export async function loader({ params, context }: Route.LoaderArgs) {
  const tab = tabOr404(params.type);
  const { admin, university } = await requireUniversityAdmin(context);
  const db = context.get(dbContext);
  const common = { universityName: university.name };
  switch (tab) {
    case "account": {
      const account = await accountOf(db, admin.id);
      return {
        ...common,
        view: {
          tab: "account" as const,
          name: account.name,
          email: account.email,
          jobTitle: account.jobTitle ?? "",
          changePasswordPath: CHANGE_PASSWORD_PATH,
        },
      };
    }
    case "university":
      return {
        ...common,
        view: {
          tab: "university" as const,
          name: university.name,
          emailDomains: university.emailDomains,
          careersEmail: university.careersEmail ?? "",
          careersUrl: university.careersUrl ?? "",
        },
      };
    case "branding": {
      const colour = HEX_COLOUR.test(university.brandColour) ? university.brandColour.toLowerCase() : null;
      return {
        ...common,
        view: {
          tab: "branding" as const,
          brandColour: colour ?? university.brandColour,
          contrast: colour ? formatRatio(whiteTextContrast(colour)) : null,
          logoUrl: university.logoUrl,
        },
      };
    }
    case "team": {
      const team = await teamOf(db, university.id);
      return {
        ...common,
        view: {
          tab: "team" as const,
          members: team.map((m) => ({ ...m, since: m.since.toISOString(), you: m.id === admin.id })),
        },
      };
    }
  }
}

type FormAnswer = { values: Record<string, string>; fieldErrors: FieldErrors; formError: string | null };
const answer = (status: number, a: Partial<FormAnswer>) =>
  data<FormAnswer>({ values: {}, fieldErrors: {}, formError: null, ...a }, { status });

export async function action({ request, params, context }: Route.ActionArgs) {
  const tab = tabOr404(params.type);
  const { admin, university } = await requireUniversityAdmin(context);
  const db = context.get(dbContext);
  const now = context.get(clockContext)();
  const done = (message: string) =>
    redirect(tabPath(tab), {
      status: 303,
      headers: { "Set-Cookie": flashCookie(context.get(configContext), message) },
    });
  // The microsite's name, colour and logo show on this instance at once (others within seconds).
  const refreshBranding = () => context.get(micrositesContext).refresh();

  const form = tab === "branding" ? await formWithFile(request) : await formOf(request);
  if (form === "file-too-large") return answer(413, { fieldErrors: { logo: LOGO_TOO_LARGE } });

  const handlers: Record<ProfileTab, Record<string, () => Promise<Response | ReturnType<typeof answer>>>> = {
    account: {
      "save-account": async () => {
        const values = keptValues(form, ACCOUNT_FIELDS);
        const parsed = validate(accountSchema, values);
        if (!parsed.success) return answer(400, { values, fieldErrors: parsed.fieldErrors });
        await saveAccount(db, admin.id, parsed.data, now);
        // The header's "Signed in as" reads the session's cached copy of the account.
        context.get(sessionsContext).forgetUser(admin.id);
        return done("Your name and job title are saved.");
      },
    },
    university: {
      "save-university": async () => {
        const values = keptValues(form, UNIVERSITY_FIELDS);
        const parsed = validate(universitySchema, values);
        if (!parsed.success) return answer(400, { values, fieldErrors: parsed.fieldErrors });
        await saveUniversitySettings(db, university.id, parsed.data);
        await refreshBranding();
        return done(`${parsed.data.name}'s details are saved.`);
      },
    },
    branding: {
      "save-colour": async () => {
        const values = keptValues(form, ["brand_colour"]);
        const parsed = validate(brandColourSchema, values);
        if (!parsed.success) return answer(400, { values, fieldErrors: parsed.fieldErrors });
        await saveBrandColour(db, university.id, parsed.data.brand_colour);
        await refreshBranding();
        return done(`The brand colour is now ${parsed.data.brand_colour}.`);
      },
      "upload-logo": async () => {
        const file = form.get("logo");
        if (!(file instanceof File) || file.size === 0)
          return answer(400, { fieldErrors: { logo: "Choose a PNG or SVG file for the logo." } });
        const prepared = await prepareLogo(new Uint8Array(await file.arrayBuffer()), file.name, file.type);
        if (!prepared.ok) return answer(prepared.status, { fieldErrors: { logo: prepared.message } });
        await storeLogo(db, university, prepared.logo, now);
        await refreshBranding();
        return done(
          prepared.logo.type === "image/svg+xml"
            ? "The logo is saved. An SVG keeps only its shapes, text and colours: check the preview looks right."
            : "The logo is saved.",
        );
      },
      "remove-logo": async () => {
        await removeLogo(db, university.id);
        await refreshBranding();
        return done("The logo is removed: your microsite shows your university's name without it.");
      },
    },
    team: {},
  };
  return dispatchIntent(form, handlers[tab], async () =>
    answer(400, { formError: "This button does nothing here. Reload the page and try again." }),
  );
}

export { mergeRouteHeaders as headers } from "~/lib/headers";

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: pageTitle(loaderData ? `University profile: ${TAB_LABELS[loaderData.view.tab]}` : "Not found") },
    { name: "robots", content: "noindex" },
  ];
}

const dateFormat = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "Europe/London",
});
const SECONDARY_BUTTON =
  "rounded border-2 border-red-800 bg-white px-4 py-2 font-semibold text-red-800 hover:bg-red-50";

export default function UniversityUserProfile({ loaderData, actionData }: Route.ComponentProps) {
  const { view, universityName } = loaderData;
  const errors: FieldErrors = actionData?.fieldErrors ?? {};
  const typed: Record<string, string> | null =
    actionData?.values && Object.keys(actionData.values).length ? actionData.values : null;
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
        {view.tab === "account" ? (
          <>
            <ErrorSummary
              formError={actionData?.formError}
              fields={errorList(errors, ACCOUNT_FIELDS)}
              answer={actionData}
            />
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
        ) : null}
        {view.tab === "university" ? (
          <>
            <ErrorSummary
              formError={actionData?.formError}
              fields={errorList(errors, UNIVERSITY_FIELDS)}
              answer={actionData}
            />
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
        ) : null}
        {view.tab === "branding" ? (
          <>
            <p className="mt-2">
              Your microsite shows your logo and colour in its header, and uses the colour for its buttons and links.
            </p>
            <ErrorSummary
              formError={actionData?.formError}
              fields={errorList(errors, ["brand_colour", "logo"])}
              answer={actionData}
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
        ) : null}
        {view.tab === "team" ? (
          <>
            <ErrorSummary formError={actionData?.formError} fields={[]} answer={actionData} />
            <div className="mt-4 overflow-x-auto">
              <table className="w-full min-w-[36rem] text-left text-sm">
                <caption className="sr-only">{`${universityName}'s administrators, by name`}</caption>
                <thead>
                  <tr className="border-b border-slate-300">
                    <th scope="col" className="py-2 pr-3">
                      Name
                    </th>
                    <th scope="col" className="py-2 pr-3">
                      Email
                    </th>
                    <th scope="col" className="py-2 pr-3">
                      Job title
                    </th>
                    <th scope="col" className="py-2">
                      Admin since
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {view.members.map((m) => (
                    <tr key={m.id} className="border-b border-slate-200 align-top">
                      <th scope="row" className="py-2 pr-3 font-medium">
                        {m.you ? `${m.name} (you)` : m.name}
                      </th>
                      <td className="py-2 pr-3 break-all">{m.email}</td>
                      <td className="py-2 pr-3">{m.jobTitle ?? ""}</td>
                      <td className="py-2">{dateFormat.format(new Date(m.since))}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
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
        ) : null}
      </section>
    </article>
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
