import { data, redirect } from "react-router";
import { dbContext } from "~/db/context";
import { referralCookie, referrerBySlug } from "~/features/accounts/referrals.server";
import { configContext } from "~/lib/context";
import type { Route } from "./+types/referral.$slug";

/** A student's referral link: their university's registration, with who sent the visitor remembered. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const referrer = await referrerBySlug(context.get(dbContext), params.slug);
  if (!referrer) throw data(null, { status: 404 });
  throw redirect(`/register/${referrer.university.slug}`, {
    headers: { "Set-Cookie": referralCookie(context.get(configContext), params.slug) },
  });
}
