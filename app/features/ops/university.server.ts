import { type RouterContextProvider, data, redirect } from "react-router";
import { actorOf } from "~/db/audit.server";
import { dbContext } from "~/db/context";
import { micrositesContext } from "~/features/access";
import { requireStaff } from "~/features/access/index.server";
import { accountDeps } from "~/features/accounts/index.server";
import { sessionsContext } from "~/features/auth";
import { freshCodeProblem } from "~/features/staff/index.server";
import {
  LOGO_TOO_LARGE,
  prepareLogo,
  removeLogo,
  saveBrandColour,
  storeLogo,
} from "~/features/university-profile/index.server";
import { clockContext, configContext } from "~/lib/context";
import { flashCookie } from "~/lib/flash.server";
import { dispatchIntent } from "~/lib/intent";
import { formWithFile, keptValues } from "~/lib/request-body.server";
import { type FieldErrors, validate } from "~/lib/validation";
import { mainHostOf } from "./universities.server";
import {
  approveFirstAdmin,
  changePlan,
  countryChoices,
  universityOverview,
  updateUniversityDetails,
} from "./university-records.server";
import { DETAIL_FIELDS, PLAN_FIELDS, colourSchema, detailsSchema, planSchema } from "./university-schema";

type Context = Readonly<RouterContextProvider>;

/** The university a path's `:id` names, or 404. */
async function overviewOr404(id: string, context: Context) {
  const overview = /^\d{1,9}$/.test(id) ? await universityOverview(context.get(dbContext), Number(id)) : null;
  if (!overview) throw data(null, { status: 404 });
  return overview;
}

/** /ops/universities/:id: the university's details, plan, branding, administrators and single sign-on. */
export async function loadUniversity(id: string, context: Context) {
  requireStaff(context);
  const { university: u, admins, sso } = await overviewOr404(id, context);
  return {
    university: {
      id: u.id,
      name: u.name,
      slug: u.slug,
      countryId: u.countryId,
      emailDomains: u.emailDomains,
      micrositeHost: u.micrositeHost,
      alumniAccessMonths: u.alumniAccessMonths,
      selfRegistrationOpen: u.selfRegistrationOpen,
      brandColour: u.brandColour,
      logoUrl: u.logoUrl,
      plan: {
        planCareerHub: u.planCareerHub,
        planCihPremium: u.planCihPremium,
        planCountryGuides: u.planCountryGuides,
      },
    },
    countries: await countryChoices(context.get(dbContext)),
    admins,
    // The first administrator is the console's to approve; later ones are approved by the university's own.
    approvesFirst: !admins.some((a) => a.status === "active"),
    sso,
  };
}
export type UniversityData = Awaited<ReturnType<typeof loadUniversity>>;

/** Which of the page's forms an answer is for, with what was typed and why it was refused. */
export type UniversityAnswer = {
  form: "details" | "plan" | "colour" | "logo" | "approve";
  values: Record<string, string>;
  fieldErrors: FieldErrors;
  formError: string | null;
};

/** The page's buttons, by intent; each change is audited, and only the plan's asks for a fresh code. */
export async function universityAction(request: Request, id: string, context: Context) {
  const staff = requireStaff(context);
  const { university } = await overviewOr404(id, context);
  const db = context.get(dbContext);
  const config = context.get(configContext);
  const now = context.get(clockContext)();
  const actor = actorOf(staff, context);
  const answer = (status: number, a: Partial<UniversityAnswer> & Pick<UniversityAnswer, "form">) =>
    data<UniversityAnswer>({ values: {}, fieldErrors: {}, formError: null, ...a }, { status });
  const done = async (message: string) => {
    // The microsite's host, name, colour and logo show on this instance at once (others within seconds).
    await context.get(micrositesContext).refresh();
    return redirect(`/ops/universities/${university.id}`, {
      status: 303,
      headers: { "Set-Cookie": flashCookie(config, message) },
    });
  };

  // The logo's form sends a file; the others are plain forms, which this reads as well.
  const form = await formWithFile(request);
  if (form === "file-too-large") return answer(413, { form: "logo", fieldErrors: { logo: LOGO_TOO_LARGE } });

  return dispatchIntent(
    form,
    {
      "save-details": async () => {
        const values = keptValues(form, DETAIL_FIELDS);
        const parsed = validate(detailsSchema(mainHostOf(config)), values);
        if (!parsed.success) return answer(400, { form: "details", values, fieldErrors: parsed.fieldErrors });
        const outcome = await updateUniversityDetails(db, actor, university.id, parsed.data, now);
        if (!outcome.ok) return answer(outcome.status, { form: "details", values, fieldErrors: outcome.fieldErrors });
        return done(outcome.changed ? `${parsed.data.name}'s details are saved.` : "Nothing was changed.");
      },
      "save-plan": async () => {
        const values = keptValues(form, PLAN_FIELDS);
        const parsed = validate(planSchema, values);
        if (!parsed.success) return answer(400, { form: "plan", values, fieldErrors: parsed.fieldErrors });
        const problem = await freshCodeProblem(context, staff, form);
        if (problem) return answer(401, { form: "plan", values, fieldErrors: { code: problem } });
        const outcome = await changePlan(db, actor, university.id, parsed.data, now);
        if (!outcome.ok) throw data(null, { status: outcome.status });
        return done(
          outcome.changed ? `${university.name}'s plan is saved.` : "The plan was already so: nothing changed.",
        );
      },
      "save-colour": async () => {
        const values = keptValues(form, ["brand_colour"]);
        const parsed = validate(colourSchema, values);
        if (!parsed.success) return answer(400, { form: "colour", values, fieldErrors: parsed.fieldErrors });
        await saveBrandColour(db, actor, university.id, parsed.data.brand_colour, now);
        return done(`The brand colour is now ${parsed.data.brand_colour}.`);
      },
      "upload-logo": async () => {
        const file = form.get("logo");
        if (!(file instanceof File) || file.size === 0)
          return answer(400, { form: "logo", fieldErrors: { logo: "Choose a PNG or SVG file for the logo." } });
        const prepared = await prepareLogo(new Uint8Array(await file.arrayBuffer()), file.name, file.type);
        if (!prepared.ok) return answer(prepared.status, { form: "logo", fieldErrors: { logo: prepared.message } });
        await storeLogo(db, actor, university, prepared.logo, now);
        return done("The logo is saved.");
      },
      "remove-logo": async () => {
        await removeLogo(db, actor, university.id, now);
        return done("The logo is removed.");
      },
      "approve-admin": async () => {
        const email = form.get("email");
        const outcome = await approveFirstAdmin(
          accountDeps(request, context),
          actor,
          university.id,
          typeof email === "string" ? email : "",
        );
        if (!outcome.ok) return answer(outcome.status, { form: "approve", formError: outcome.message });
        // Their sessions (waiting, logged in) see the approval at once.
        context.get(sessionsContext).forgetUser(outcome.userId);
        return done(`${outcome.name} is approved as ${university.name}'s administrator and has been told by email.`);
      },
    },
    async () => answer(400, { form: "details", formError: "Choose what to change with one of the page's buttons." }),
  );
}
