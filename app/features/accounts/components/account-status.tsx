import { Link } from "~/components/link";
import type { EffectiveAccessStatus } from "~/db/schema/users";
import type { CareersContact } from "~/features/auth";
import { formatUkDay } from "~/lib/dates";

export type AccountStatusProps = {
  status: EffectiveAccessStatus;
  email: string;
  /** What the account asked for, as approvers saw it ("A graduate account: …"). */
  askedFor: string;
  /** The role's home page, for an account that is active after all. */
  home: string;
  universityName: string;
  contact: CareersContact;
  decidedAt: string | null;
  expiresAt: string | null;
};

function CareersService({ lead, contact }: { lead: string; contact: CareersContact }) {
  if (!contact.email && !contact.url)
    return <p className="mt-3">{`${lead}, contact your university's careers service.`}</p>;
  return (
    <p className="mt-3">
      {`${lead}, contact the careers service: `}
      {contact.email ? (
        <a href={`mailto:${contact.email}`} className="text-brand underline">
          {contact.email}
        </a>
      ) : null}
      {contact.email && contact.url ? " or " : null}
      {contact.url ? (
        <a href={contact.url} className="text-brand underline">
          {contact.url}
        </a>
      ) : null}
      .
    </p>
  );
}

/** /pre-auth-student: where an account its university has not approved, whose access ended, or that was deactivated, stands. */
export function AccountStatus({
  status,
  email,
  askedFor,
  home,
  universityName,
  contact,
  decidedAt,
  expiresAt,
}: AccountStatusProps) {
  if (status === "active") {
    return (
      <div className="mx-auto max-w-xl">
        <h1 className="text-3xl font-bold">Your account is active</h1>
        <p className="mt-3">{`Everything is open to you${expiresAt ? ` until ${formatUkDay(expiresAt)}` : ""}.`}</p>
        <p className="mt-6">
          <Link to={home} className="text-brand underline">
            Go to your dashboard
          </Link>
        </p>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-xl">
      {status === "awaiting_approval" ? (
        <>
          <h1 className="text-3xl font-bold">Your account is waiting for approval</h1>
          <p className="mt-3">{`${universityName} checks every account of this kind before it opens. We will email ${email} as soon as they decide; until then this page shows where it stands.`}</p>
        </>
      ) : status === "deactivated" ? (
        <>
          <h1 className="text-3xl font-bold">Your account has been deactivated</h1>
          <p className="mt-3">This account has been deactivated, so it can no longer be used.</p>
          <p className="mt-3">
            If you think this is a mistake,{" "}
            <Link to="/contact-us" className="text-brand underline">
              contact us
            </Link>
            .
          </p>
        </>
      ) : status === "expired" ? (
        <>
          <h1 className="text-3xl font-bold">Your access has ended</h1>
          <p className="mt-3">{`The access ${universityName} gave your account ended${expiresAt ? ` on ${formatUkDay(expiresAt)}` : ""}.`}</p>
          <CareersService lead="To ask for more time" contact={contact} />
        </>
      ) : (
        <>
          <h1 className="text-3xl font-bold">Your account was not approved</h1>
          <p className="mt-3">{`${universityName} could not approve your account${decidedAt ? ` (${formatUkDay(decidedAt)})` : ""}.`}</p>
          <CareersService lead="If you think this is a mistake" contact={contact} />
        </>
      )}
      {status === "expired" || status === "deactivated" ? null : (
        <dl className="mt-6 rounded border border-slate-300 p-4">
          <dt className="font-semibold">You asked for</dt>
          <dd>{askedFor}</dd>
          <dt className="mt-2 font-semibold">University</dt>
          <dd>{universityName}</dd>
        </dl>
      )}
      <p className="mt-6">
        Your data stays yours:{" "}
        <a href="/account/your-data.json" className="text-brand underline" download>
          download it
        </a>{" "}
        or{" "}
        <Link to="/account/delete" className="text-brand underline">
          delete your account
        </Link>
        .
      </p>
    </div>
  );
}
