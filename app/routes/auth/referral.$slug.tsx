import { followReferral } from "~/features/accounts/referrals.server";
import type { Route } from "./+types/referral.$slug";

/** A student's referral link: their university's registration, with who sent the visitor remembered. */
export function loader({ params, context }: Route.LoaderArgs) {
  return followReferral(params.slug, context);
}
