import { type RouterContextProvider, data, redirect } from "react-router";
import { dbContext } from "~/db/context";
import { accessContext } from "~/features/access";
import { requireUser } from "~/features/access/index.server";
import { sessionsContext } from "~/features/auth";
import { clockContext, configContext } from "~/lib/context";
import { flashCookie } from "~/lib/flash.server";
import { publicOrigin } from "~/lib/public-origin";
import { formOf } from "~/lib/request-body.server";
import { ROLE_HOME } from "~/lib/roles";
import { validate } from "~/lib/validation";
import { SwitchCampusSchema, campusesOf, switchCampus } from "~/features/auth/index.server";

type Context = Readonly<RouterContextProvider>;

/** Only people with another campus are offered the switch (the session knows, so no query per page). */
export function offersCampusSwitch(context: Context): boolean {
  return context.get(accessContext).user?.hasOtherCampuses ?? false;
}

/** /student-login: the person's campuses, and for each the address of its own careers site. */
export async function loadCampusPage(context: Context) {
  const user = requireUser(context);
  const { microsite } = context.get(accessContext);
  const config = context.get(configContext);
  const campuses = await campusesOf(context.get(dbContext), user.id);
  return {
    onMicrosite: microsite !== null,
    campuses: campuses.map((c) => ({
      id: c.id,
      name: c.name,
      active: c.active,
      site: c.micrositeHost ? publicOrigin(config, c.micrositeHost) : null,
    })),
  };
}

export type CampusPageData = Awaited<ReturnType<typeof loadCampusPage>>;

export type CampusPageAnswer = {
  formError: string | null;
  switched: { name: string; site: string; here: string } | null;
};

/**
 * The switch to another of the person's campuses. When it changes, this instance forgets their cached
 * sessions: those carry the old university's plan.
 */
export async function switchCampusAction(request: Request, context: Context) {
  const user = requireUser(context);
  const form = await formOf(request);
  const parsed = validate<typeof SwitchCampusSchema, "university_id">(SwitchCampusSchema, {
    university_id: form.get("university_id") ?? undefined,
  });
  if (!parsed.success) {
    return data<CampusPageAnswer>(
      { formError: parsed.fieldErrors.university_id ?? "Choose a campus from the list", switched: null },
      { status: 400 },
    );
  }
  const outcome = await switchCampus(
    context.get(dbContext),
    user.id,
    parsed.data.university_id,
    context.get(clockContext)(),
  );
  if (!outcome.ok)
    return data<CampusPageAnswer>({ formError: outcome.message, switched: null }, { status: outcome.status });
  if (outcome.changed) context.get(sessionsContext).forgetUser(user.id);
  const { campus } = outcome;
  const config = context.get(configContext);
  const { microsite } = context.get(accessContext);
  if (microsite && campus.id !== microsite.id) {
    // A session counts on a microsite only for its own university, so this site is closed to the
    // person now, and the new campus's site has no session (cookies are per host). Its address is
    // given as a link rather than a redirect: Chrome and Safari apply the policy's
    // `form-action 'self'` to where a form's redirect leads, and would drop one to another host.
    const site = `${publicOrigin(config, campus.micrositeHost)}${ROLE_HOME[user.role]}`;
    return data<CampusPageAnswer>({ formError: null, switched: { name: campus.name, site, here: microsite.name } });
  }
  const notice = outcome.changed ? `You are now using ${campus.name}.` : `You are already using ${campus.name}.`;
  return redirect("/student-login", { status: 303, headers: { "Set-Cookie": flashCookie(config, notice) } });
}
