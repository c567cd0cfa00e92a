import { Form } from "react-router";
import { DataTable } from "~/components/data-table";
import { ErrorSummary, SubmitButton, TextField } from "~/components/form";
import { errorList } from "~/lib/validation";
import type { ColleaguesData, InviteAnswer } from "../colleagues.server";

/** /employer/colleagues: who acts for the organisation, inviting one more, and removing one who left. */
export function ColleaguesPage({ data, answer }: { data: ColleaguesData; answer?: InviteAnswer }) {
  const { organisation, verified, me, people } = data;
  const errors = answer?.fieldErrors ?? {};
  return (
    <div className="mx-auto max-w-3xl">
      <h1 className="text-3xl font-bold">Colleagues</h1>
      <p className="mt-2">The people who post jobs and handle applications for {organisation.name}.</p>
      <ErrorSummary fields={errorList(errors, ["name", "email"])} answer={answer} />
      <DataTable
        caption={`People of ${organisation.name}`}
        minWidth="min-w-[36rem]"
        rows={people}
        rowKey={(p) => String(p.id)}
        columns={[
          { header: "Name", cell: (p) => p.name },
          { header: "Email", cell: (p) => p.email },
          {
            header: "Status",
            cell: (p) => (!p.active ? "Removed" : p.joined ? "Joined" : "Invited, not joined yet"),
          },
          {
            header: "Action",
            cell: (p) =>
              verified && p.active && p.id !== me ? (
                <Form method="post">
                  <input type="hidden" name="intent" value="remove" />
                  <input type="hidden" name="person" value={p.id} />
                  <button type="submit" className="underline" aria-label={`Remove ${p.name}`}>
                    Remove
                  </button>
                </Form>
              ) : null,
          },
        ]}
      />
      <h2 className="mt-8 text-xl font-semibold">Invite a colleague</h2>
      {verified ? (
        <Form method="post" className="mt-4 space-y-5">
          <input type="hidden" name="intent" value="invite" />
          <TextField name="name" label="Their full name" autoComplete="off" error={errors.name} />
          <TextField
            name="email"
            type="email"
            label="Their work email"
            hint={`An address at ${organisation.websiteDomain}. We email them a link to choose a password.`}
            autoComplete="off"
            error={errors.email}
          />
          <SubmitButton>Send the invitation</SubmitButton>
        </Form>
      ) : (
        <p className="mt-2">Once your organisation is verified, you can invite colleagues here.</p>
      )}
    </div>
  );
}
