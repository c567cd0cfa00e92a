/** A CV's pages as the PDF prints them (images the server draws from the PDF itself), each with its page number. */
export function CvPages({
  cvId,
  version,
  pages,
  name,
  paper,
}: {
  cvId: number;
  version: number;
  pages: number;
  name: string;
  paper: "A4" | "Letter";
}) {
  return (
    <ol className="mt-4 space-y-6">
      {Array.from({ length: pages }, (_, i) => (
        <li key={i}>
          <figure>
            <img
              src={`/api/cvs/${cvId}/pages/${i + 1}?width=900&v=${version}`}
              alt={`Page ${i + 1} of ${pages} of ${name}. Its text is in the PDF and the editor.`}
              width={900}
              height={paper === "A4" ? 1273 : 1165}
              loading={i === 0 ? "eager" : "lazy"}
              className="h-auto w-full max-w-3xl border border-slate-300 bg-white shadow"
            />
            <figcaption className="mt-1 text-sm text-muted">{`Page ${i + 1} of ${pages}`}</figcaption>
          </figure>
        </li>
      ))}
    </ol>
  );
}
