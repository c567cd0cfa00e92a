import { type RouterContextProvider, data, redirect } from "react-router";
import { z } from "zod";
import { actorOf } from "~/db/audit.server";
import { dbContext } from "~/db/context";
import { searchSponsors } from "~/features/sponsors/index.server";
import { clockContext, configContext } from "~/lib/context";
import { flashCookie } from "~/lib/flash.server";
import { formOf } from "~/lib/request-body.server";
import type { FormAnswer } from "~/lib/validation";
import { NO_LICENCE, emailMatchesDomain } from "./verification";
import { ownOrganisation } from "./own-organisation.server";
import { chooseRegisterEntry, registerEntry } from "./verification.server";

type Context = Readonly<RouterContextProvider>;
export const EMPLOYER_DASHBOARD_PATH = "/employer-dashboard";
/** What the matching step offers: the checker's best matches for the organisation's name. */
const CANDIDATES = 8;

/** Where an organisation stands, in the order it goes through. */
export type EmployerStatus = "choose-entry" | "waiting" | "verified" | "rejected";

/** The checker's matches for the organisation's name (legal and trading names), offered as its register entry. */
async function candidatesFor(context: Context, name: string) {
  const { results } = await searchSponsors(context.get(dbContext), name, {}, { limit: CANDIDATES, offset: 0 });
  return results.map((r) => ({
    slug: r.slug,
    name: r.name,
    town: r.town,
    ratings: [...new Set(r.licences.map((l) => l.rating))].join(", "),
  }));
}

/** /employer-dashboard: the employer's organisation, where its verification stands and what happens next. */
export async function loadEmployerDashboard(context: Context) {
  const { organisation, email } = await ownOrganisation(context);
  const db = context.get(dbContext);
  const chose = organisation.registerOrgKey !== null || organisation.holdsNoLicence;
  const status: EmployerStatus = organisation.verifiedAt
    ? "verified"
    : organisation.rejectedAt
      ? "rejected"
      : chose
        ? "waiting"
        : "choose-entry";
  const entry = organisation.registerOrgKey ? await registerEntry(db, { orgKey: organisation.registerOrgKey }) : null;
  return {
    organisation: {
      name: organisation.name,
      website: organisation.website,
      websiteDomain: organisation.websiteDomain,
      verification: organisation.verification,
      holdsNoLicence: organisation.holdsNoLicence,
      entry: entry && { name: entry.name, town: entry.town },
    },
    status,
    domainMatches: emailMatchesDomain(email, organisation.websiteDomain),
    email,
    candidates: status === "choose-entry" ? await candidatesFor(context, organisation.name) : [],
  };
}

export type EmployerDashboardData = Awaited<ReturnType<typeof loadEmployerDashboard>>;
export type EntryAnswer = FormAnswer<"entry">;

const EntrySchema = z.object({
  entry: z.string().trim().min(1, "Choose your organisation's entry, or that you hold no licence"),
});

/**
 * The matching step's answer: one of the entries offered (the checker's matches for the
 * organisation's name, never any entry of the register) or no licence.
 */
export async function chooseEntryAction(request: Request, context: Context) {
  const { employer, organisation } = await ownOrganisation(context);
  const form = await formOf(request);
  const parsed = EntrySchema.safeParse({ entry: form.get("entry") ?? undefined });
  const refuse = (message: string, status: number) =>
    data<EntryAnswer>({ fieldErrors: { entry: message }, formError: null }, { status });
  if (!parsed.success) return refuse(parsed.error.issues[0]!.message, 400);
  const db = context.get(dbContext);
  let entry = null;
  if (parsed.data.entry !== NO_LICENCE) {
    const offered = await candidatesFor(context, organisation.name);
    const found = offered.some((c) => c.slug === parsed.data.entry)
      ? await registerEntry(db, { slug: parsed.data.entry })
      : null;
    if (!found) return refuse("Choose one of the entries listed, or that you hold no licence", 400);
    entry = found;
  }
  const outcome = await chooseRegisterEntry(db, actorOf(employer, context), entry, context.get(clockContext)());
  if (!outcome) return refuse("Your organisation has answered this already", 409);
  const message = outcome.verified
    ? `${organisation.name} is verified: its register entry holds an A-rated licence and your email is at its website's domain.`
    : `Thank you. ${organisation.name} now waits for our team to verify it.`;
  return redirect(EMPLOYER_DASHBOARD_PATH, {
    status: 303,
    headers: { "Set-Cookie": flashCookie(context.get(configContext), message) },
  });
}
