import { Link } from "react-router";
import type { SsoRefusalData } from "../login.server";

/** Why a single sign-on did not log the person in, and where to go from here. */
export function SsoRefusedPage({ data }: { data: SsoRefusalData }) {
  return (
    <article className="max-w-2xl">
      <h1 className="text-3xl font-bold">{data.refusal.title}</h1>
      <p className="mt-4 text-lg">{data.refusal.message}</p>
      <p className="mt-6">
        <Link to="/login" className="font-semibold text-brand underline">
          Back to the login page
        </Link>
      </p>
    </article>
  );
}
