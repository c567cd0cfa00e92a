import { Form, data, redirect } from "react-router";
import { ErrorSummary, SubmitButton } from "~/components/form";
import { dbContext } from "~/db/context";
import { accessContext } from "~/features/access/context";
import { requireUser } from "~/features/access/require-user.server";
import { SwitchCampusSchema, campusesOf, switchCampus } from "~/features/auth/campuses.server";
import { sessionsContext } from "~/features/auth/context";
import { clockContext, configContext } from "~/lib/context";
import { flashCookie } from "~/lib/flash.server";
import { pageTitle } from "~/lib/meta";
import { publicOrigin } from "~/lib/public-origin";
import { formOf } from "~/lib/request-body.server";
import { ROLE_HOME } from "~/lib/roles";
import { validate } from "~/lib/validation";
import type { Route } from "./+types/student-login";

export async function loader({ context }: Route.LoaderArgs) {
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

type ActionAnswer = { formError: string | null; switched: { name: string; site: string; here: string } | null };

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(context);
  const form = await formOf(request);
  const parsed = validate<typeof SwitchCampusSchema, "university_id">(SwitchCampusSchema, {
    university_id: form.get("university_id") ?? undefined,
  });
  if (!parsed.success) {
    return data<ActionAnswer>(
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
    return data<ActionAnswer>({ formError: outcome.message, switched: null }, { status: outcome.status });
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
    return data<ActionAnswer>({ formError: null, switched: { name: campus.name, site, here: microsite.name } });
  }
  const notice = outcome.changed ? `You are now using ${campus.name}.` : `You are already using ${campus.name}.`;
  return redirect("/student-login", { status: 303, headers: { "Set-Cookie": flashCookie(config, notice) } });
}

export { mergeRouteHeaders as headers } from "~/lib/headers";

export function meta() {
  return [{ title: pageTitle("Choose your campus") }, { name: "robots", content: "noindex" }];
}

export default function StudentLogin({ loaderData, actionData }: Route.ComponentProps) {
  const { campuses, onMicrosite } = loaderData;
  const switched = actionData?.switched;
  if (switched) return <SwitchedAway {...switched} />;
  const active = campuses.find((c) => c.active);
  const others = campuses.filter((c) => !c.active);
  return (
    <div className="max-w-2xl">
      <h1 className="text-3xl font-bold">Choose your campus</h1>
      <ErrorSummary formError={actionData?.formError} fields={[]} answer={actionData} />
      {active ? (
        <p className="mt-4 text-lg">
          You are using <strong>{active.name}</strong>.
          {!onMicrosite && active.site ? (
            <>
              {" "}
              <a href={active.site} className="underline">
                Go to the {active.name} careers site
              </a>{" "}
              (log in there with the same email and password).
            </>
          ) : null}
        </p>
      ) : (
        <p className="mt-4 text-lg">Your account belongs to no university, so there is no campus to choose.</p>
      )}
      {active && others.length === 0 ? (
        <p className="mt-2 text-muted">Your account belongs to no other campus, so there is nothing to switch to.</p>
      ) : null}
      {others.length > 0 ? (
        <section aria-labelledby="campuses-heading" className="mt-8">
          <h2 id="campuses-heading" className="text-xl font-semibold">
            Your campuses
          </h2>
          <p className="mt-2 text-muted">
            The campus you use decides which careers site is yours and which features of its plan you get. You can
            switch back at any time.
            {onMicrosite
              ? " Each campus has its own site: after switching, continue on the new campus's site and log in there with the same email and password."
              : ""}
          </p>
          <ul className="mt-4 space-y-3">
            {campuses.map((campus) => (
              <li key={campus.id} className="rounded border border-slate-300 p-4">
                <p className="font-semibold">{campus.name}</p>
                {campus.active ? (
                  <p className="mt-1 text-sm">Active: you are using this campus.</p>
                ) : (
                  <Form method="post" className="mt-3 max-w-xs" reloadDocument={onMicrosite}>
                    <input type="hidden" name="university_id" value={campus.id} />
                    <SubmitButton>Switch to {campus.name}</SubmitButton>
                  </Form>
                )}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

/** After a switch on a microsite: the person continues on the new campus's own site. */
function SwitchedAway({ name, site, here }: { name: string; site: string; here: string }) {
  return (
    <div className="max-w-2xl">
      <h1 className="text-3xl font-bold">Choose your campus</h1>
      <p className="mt-4 text-lg" role="status">
        You are now using <strong>{name}</strong>.
      </p>
      <p className="mt-2">
        You are no longer logged in on this {here} site. Continue on the new campus's careers site and log in there with
        the same email and password.
      </p>
      <p className="mt-4">
        <a href={site} className="inline-block rounded bg-brand px-4 py-2.5 font-semibold text-white hover:opacity-90">
          Go to the {name} careers site
        </a>
      </p>
    </div>
  );
}
