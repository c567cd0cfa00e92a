import type { AtsReport } from "../ats/check";

const MARK = { fail: "Fix", warn: "Check", pass: "Good" } as const;
const STYLE = {
  fail: "border-red-700 bg-red-50",
  warn: "border-amber-600 bg-amber-50",
  pass: "border-green-700 bg-green-50",
} as const;

/** The ATS check as a list a student acts on: what to fix first, then what to check, then what is good. */
export function AtsReportView({ report, jobTitle }: { report: AtsReport; jobTitle?: string | null }) {
  const counts = { fail: 0, warn: 0, pass: 0 };
  for (const f of report.findings) counts[f.status] += 1;
  return (
    <div>
      <p className="text-lg">
        <strong>{`ATS score: ${report.score} out of 100.`}</strong>
        {` ${counts.fail} to fix, ${counts.warn} to check, ${counts.pass} good.`}
      </p>
      <ul className="mt-3 space-y-2">
        {report.findings.map((f) => (
          <li key={f.id} className={`rounded border-l-4 p-3 ${STYLE[f.status]}`}>
            <p className="font-semibold">
              <span className="mr-2 rounded bg-white px-1.5 py-0.5 text-xs font-bold uppercase">{MARK[f.status]}</span>
              {f.title}
            </p>
            <p className="mt-1 text-sm">{f.detail}</p>
            {f.fix ? <p className="mt-1 text-sm">{`What to do: ${f.fix}`}</p> : null}
          </li>
        ))}
      </ul>
      {report.keyTerms ? (
        <div className="mt-4">
          <h3 className="font-semibold">{jobTitle ? `Key terms of “${jobTitle}”` : "The job's key terms"}</h3>
          <p className="text-sm">{`Your CV has ${report.keyTerms.found.length} of the job's ${report.keyTerms.found.length + report.keyTerms.missing.length} key terms.`}</p>
          <div className="mt-2 grid gap-4 sm:grid-cols-2">
            <div>
              <h4 className="text-sm font-semibold">Missing from your CV</h4>
              {report.keyTerms.missing.length ? (
                <ul className="list-disc pl-5 text-sm">
                  {report.keyTerms.missing.map((t) => (
                    <li key={t}>{t}</li>
                  ))}
                </ul>
              ) : (
                <p className="text-sm">None.</p>
              )}
            </div>
            <div>
              <h4 className="text-sm font-semibold">Found in your CV</h4>
              {report.keyTerms.found.length ? (
                <ul className="list-disc pl-5 text-sm">
                  {report.keyTerms.found.map((t) => (
                    <li key={t}>{t}</li>
                  ))}
                </ul>
              ) : (
                <p className="text-sm">None yet.</p>
              )}
            </div>
          </div>
          <p className="mt-2 text-sm text-muted">
            Add a missing term only where it is true of you: in a job, a project or your skills.
          </p>
        </div>
      ) : null}
    </div>
  );
}
