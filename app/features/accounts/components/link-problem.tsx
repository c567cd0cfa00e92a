import { Link } from "~/components/link";

/** The page an emailed link opens when it no longer works: what happened and the way on. */
export function LinkProblem({
  title = "This link does not work",
  problem,
  advice,
  next,
}: {
  title?: string;
  problem: string;
  advice?: string;
  next: { to: string; text: string };
}) {
  return (
    <div className="mx-auto max-w-md">
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="mt-3 text-lg">{problem}</p>
      {advice ? <p className="mt-3">{advice}</p> : null}
      <p className="mt-6">
        <Link to={next.to} className="text-brand underline">
          {next.text}
        </Link>
      </p>
    </div>
  );
}
