import { Form } from "react-router";
import { ErrorSummary, SubmitButton } from "~/components/form";
import type { CampusPageAnswer, CampusPageData } from "../campus-page.server";

/** /student-login: the campus in use, and a switch to each of the person's others. */
export function CampusPage({ data, answer }: { data: CampusPageData; answer?: CampusPageAnswer }) {
  const { campuses, onMicrosite } = data;
  const switched = answer?.switched;
  if (switched) return <SwitchedAway {...switched} />;
  const active = campuses.find((c) => c.active);
  const others = campuses.filter((c) => !c.active);
  return (
    <div className="max-w-2xl">
      <h1 className="text-3xl font-bold">Choose your campus</h1>
      <ErrorSummary formError={answer?.formError} fields={[]} answer={answer} />
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
