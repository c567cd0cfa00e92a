import { Link } from "~/components/link";

/** A builder page opened without `?cv=`: which CV it should show, or where to start one. */
export function ChooseCv({ choices, to, verb }: { choices: { id: number; name: string }[]; to: string; verb: string }) {
  return choices.length ? (
    <div className="mt-4">
      <p>{`Which CV do you want to ${verb}?`}</p>
      <ul className="mt-2 list-disc pl-6">
        {choices.map((c) => (
          <li key={c.id}>
            <Link to={`${to}?cv=${c.id}`} className="text-brand underline">
              {c.name}
            </Link>
          </li>
        ))}
      </ul>
      <p className="mt-4">
        Or{" "}
        <Link to="/my-cvs" className="text-brand underline">
          start a new CV
        </Link>
        .
      </p>
    </div>
  ) : (
    <p className="mt-4">
      You have no CV yet.{" "}
      <Link to="/my-cvs" className="font-semibold text-brand underline">
        Start one from your profile
      </Link>{" "}
      in a minute.
    </p>
  );
}
