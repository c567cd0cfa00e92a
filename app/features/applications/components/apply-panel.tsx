import { Link } from "~/components/link";
import { formatUkDay } from "~/lib/dates";
import type { ApplyPanelData } from "../job-page.server";
import { MY_APPLICATIONS_PATH, STATUS_LABELS } from "../values";
import { ApplyForm } from "./apply-form";

/** "Apply with your CV" on an employer's job page, for whoever is looking (see ApplyPanelData). */
export function ApplyPanel({ panel }: { panel: ApplyPanelData }) {
  return (
    <div className="mt-3 rounded border border-slate-300 bg-white p-4">
      <h3 className="text-lg font-semibold">Apply with your CV</h3>
      {panel.kind === "visitor" ? (
        <p className="mt-2">
          <Link
            to={`/login?next=${encodeURIComponent(`/jobs/${panel.slug}`)}`}
            className="inline-block rounded bg-brand px-5 py-2.5 font-semibold text-white"
          >
            Log in to apply
          </Link>
        </p>
      ) : panel.kind === "not-student" ? (
        <p className="mt-2">Students apply here with a CV from the CV builder, from their own student account.</p>
      ) : panel.kind === "applied" ? (
        <p className="mt-2">
          {`You applied on ${formatUkDay(panel.appliedAt)}. Status: ${STATUS_LABELS[panel.status]}. `}
          <Link to={MY_APPLICATIONS_PATH} className="text-brand underline">
            See my applications
          </Link>
        </p>
      ) : panel.kind === "no-cv" ? (
        <p className="mt-2">
          {"You apply with a CV from the CV builder, and you have none yet. "}
          <Link to="/my-cvs" className="text-brand underline">
            Build your CV
          </Link>
          {", then come back to this job."}
        </p>
      ) : (
        <ApplyForm slug={panel.slug} cvs={panel.cvs} />
      )}
    </div>
  );
}
