import type { ReactNode } from "react";

/**
 * A CV's file as a button that posts (a GET writes nothing): the answer is the file, saved by the
 * browser, and the post records the download. It works without the script.
 */
export function DownloadButton({
  cvId,
  format,
  children,
}: {
  cvId: number;
  format: "pdf" | "docx" | "json";
  children: ReactNode;
}) {
  return (
    <form method="post" action={`/api/cvs/${cvId}/${format}`} className="inline">
      <button type="submit" className="font-semibold text-brand underline">
        {children}
      </button>
    </form>
  );
}

/** Where a page that showed a CV's ATS check posts to have it recorded (null for none shown). */
export const atsCheckPath = (cvId: number | null, job?: string) =>
  cvId === null ? null : `/api/cvs/${cvId}/ats-check${job ? `?job=${encodeURIComponent(job)}` : ""}`;
