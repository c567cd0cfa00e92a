import { samlMetadata } from "~/features/sso/login.server";
import type { Route } from "./+types/sso.saml.$university.metadata";

/** GET /sso/saml/{university}/metadata: our service provider's SAML metadata, for the university's IdP. */
export function loader({ params, context }: Route.LoaderArgs) {
  return samlMetadata(params.university, context);
}
