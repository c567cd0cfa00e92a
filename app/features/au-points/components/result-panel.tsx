import type { PointsResult } from "../calculate";
import type { Hint } from "../hints";
import { formatDate } from "~/lib/dates";

/** The score: total, each subclass against the pass mark, the breakdown, warnings and what would raise it. */
export function ResultPanel({
  result,
  hints,
  invitationDate,
}: {
  result: PointsResult;
  hints: Hint[];
  invitationDate: string;
}) {
  return (
    <div className="space-y-6">
      <p className="text-lg">
        <span className="block text-sm text-muted">Your points before any nomination</span>
        <strong className="text-4xl" data-testid="au-points-total">
          {result.total}
        </strong>{" "}
        <span>of the {result.passMark} needed</span>
      </p>

      <div>
        <h3 className="font-semibold">Visas</h3>
        <ul className="mt-2 space-y-2">
          {result.subclasses.map((s) => (
            <li
              key={s.subclass}
              className={`rounded border-l-4 p-3 ${s.eligible ? "border-green-700 bg-green-50" : "border-slate-400 bg-slate-50"}`}
            >
              <span className="font-medium">{s.name}: </span>
              <strong>{s.eligible ? "meets the pass mark" : "does not meet the pass mark"}</strong>
              <span className="block text-sm">{s.reason}</span>
            </li>
          ))}
        </ul>
        <p className="mt-2 text-sm text-muted">
          Points only: each visa also needs an occupation on the right list and a skills assessment. The 190 and 491
          points need a nomination or sponsorship.
        </p>
      </div>

      {result.warnings.length ? (
        <div className="rounded border-2 border-amber-600 bg-amber-50 p-3 text-amber-950">
          <h3 className="font-semibold">Check this</h3>
          <ul className="mt-1 list-disc pl-5">
            {result.warnings.map((w) => (
              <li key={w}>{w}</li>
            ))}
          </ul>
        </div>
      ) : null}

      <table className="w-full border-collapse text-left text-sm">
        <caption className="mb-2 text-left text-base font-semibold">
          Points for each factor, on {formatDate(invitationDate)}
        </caption>
        <thead>
          <tr className="border-b border-slate-400">
            <th scope="col" className="py-1 pr-2">
              Factor
            </th>
            <th scope="col" className="py-1 pr-2">
              Why
            </th>
            <th scope="col" className="py-1 text-right">
              Points
            </th>
          </tr>
        </thead>
        <tbody>
          {result.lines.map((l) => (
            <tr key={l.factor} className="border-b border-slate-200 align-top">
              <th scope="row" className="py-1 pr-2 font-medium">
                {l.label}
                <span className="block text-xs font-normal text-muted">{l.reference}</span>
              </th>
              <td className="py-1 pr-2">{l.reason}</td>
              <td className="py-1 text-right tabular-nums">{l.points}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="font-semibold">
            <th scope="row" colSpan={2} className="py-1 pr-2 text-right">
              Total
            </th>
            <td className="py-1 text-right tabular-nums">{result.total}</td>
          </tr>
        </tfoot>
      </table>

      <div>
        <h3 className="font-semibold">What would raise your score</h3>
        {hints.length ? (
          <ul className="mt-1 list-disc pl-5" data-testid="au-points-hints">
            {hints.map((h) => (
              <li key={h.text}>{h.text}</li>
            ))}
          </ul>
        ) : (
          <p className="mt-1">Nothing more: you have the most points these rules give.</p>
        )}
      </div>
      <p className="text-xs text-muted">
        Migration Regulations 1994, Schedule 6D, as in force since {formatDate(result.rules.effectiveFrom)}. An estimate
        to plan with, not legal advice.
      </p>
    </div>
  );
}
