import { formatDate } from "~/lib/dates";
import { type Freshness, OFFICIAL_REGISTER_URL } from "../freshness";

/**
 * Says, in words rather than colour alone, that the register held here is older than two weeks and
 * where the current one is; nothing while it is recent.
 */
export function StaleRegisterWarning({ freshness }: { freshness: Freshness | null }) {
  if (!freshness?.stale) return null;
  const { registerDate, ageDays } = freshness;
  return (
    <div className="mt-4 rounded border-2 border-amber-700 bg-amber-50 p-4 text-amber-950" data-testid="register-stale">
      <p>
        <strong>Warning: this register may be out of date.</strong>{" "}
        {`Answers here come from the register of ${formatDate(registerDate)}, ${ageDays.toLocaleString("en-GB")} days old. The live register on GOV.UK may differ: an employer may have gained, lost or changed its licence since.`}
      </p>
      <p className="mt-2">
        <a href={OFFICIAL_REGISTER_URL} className="font-semibold underline">
          Check the current register of licensed sponsors on GOV.UK
        </a>{" "}
        before you rely on an answer.
      </p>
    </div>
  );
}
