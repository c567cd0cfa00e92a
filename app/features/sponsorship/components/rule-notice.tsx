import type { RuleNotice } from "../notice";

/** A rule a verdict rests on is ending: said beside the verdict, with where to look for what replaces it. */
export function RuleNoticeBox({ notice }: { notice: RuleNotice }) {
  return (
    <div
      role="note"
      aria-label="A rule is ending"
      className="mt-3 rounded border-2 border-amber-700 bg-amber-50 p-3 text-amber-950"
    >
      <p>{notice.text}</p>
      <p className="mt-1">
        <a href={notice.link.url} className="font-semibold underline" rel="noopener noreferrer">
          {notice.link.title}
        </a>
      </p>
    </div>
  );
}
