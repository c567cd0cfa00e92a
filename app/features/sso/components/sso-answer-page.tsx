import { Link } from "~/components/link";
import { DataTable } from "~/components/data-table";
import type { SsoAnswerData } from "../login.server";

/** What the ACS shows when nothing was posted to it (a reload, a bookmark): there is no login to finish. */
export const nothingToFinish = (universitySlug: string): SsoAnswerData => ({
  universityName: "",
  refusal: {
    title: "There is no login to finish here",
    message: `Your university's login sends you here once you have logged in there. Start at /sso/${universitySlug}.`,
  },
});

/** Why a single sign-on did not log the person in, or what an admin's test sign-in received. */
export function SsoAnswerPage({ data }: { data: SsoAnswerData }) {
  if (data.test) return <TestResult universityName={data.universityName} test={data.test} />;
  return (
    <article className="max-w-2xl">
      <h1 className="text-3xl font-bold">{data.refusal.title}</h1>
      <p className="mt-4 text-lg">{data.refusal.message}</p>
      <p className="mt-6">
        <Link to="/login" className="font-semibold text-brand underline">
          Back to the login page
        </Link>
      </p>
    </article>
  );
}

function TestResult({ universityName, test }: { universityName: string; test: NonNullable<SsoAnswerData["test"]> }) {
  const { mapped } = test;
  const read: [string, string][] = [
    ["Email", mapped.email ?? "(none)"],
    ["Given name", mapped.givenName ?? "(none)"],
    ["Family name", mapped.familyName ?? "(none)"],
    ["Affiliation", mapped.affiliation ?? "(none of the mapped values)"],
  ];
  return (
    <article className="max-w-3xl">
      <h1 className="text-3xl font-bold">Test sign-in: what the IdP sent</h1>
      <p className="mt-4 text-lg">
        {`${universityName}'s identity provider logged in the subject ${test.subject}. No account was made or opened.`}
      </p>
      <h2 className="mt-8 text-2xl font-semibold">What the mapping read</h2>
      <DataTable
        caption="The attributes the mapping names, as read"
        minWidth="min-w-[24rem]"
        rows={read}
        rowKey={([name]) => name}
        columns={[
          { header: "Field", cell: ([name]) => name },
          { header: "Value", cell: ([, value]) => value, className: "break-all" },
        ]}
      />
      <h2 className="mt-8 text-2xl font-semibold">Every attribute received</h2>
      <DataTable
        caption="The attributes (or claims) the IdP sent, by name"
        minWidth="min-w-[24rem]"
        rows={test.attributes}
        rowKey={([name]) => name}
        columns={[
          { header: "Name", cell: ([name]) => name, className: "break-all" },
          { header: "Value", cell: ([, value]) => value, className: "break-all" },
        ]}
      />
      <p className="mt-6">
        <Link to="/university-user-profile/sso" className="font-semibold text-brand underline">
          Back to the single sign-on settings
        </Link>
      </p>
    </article>
  );
}
