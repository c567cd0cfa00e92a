import { serveLogoFile } from "~/features/university-profile/logo.server";
import type { Route } from "./+types/university-logo.$file";

/** GET /university-logo/{slug}.{hash}.{png|svg}: a university's uploaded logo, cached for good. */
export function loader({ params, request, context }: Route.LoaderArgs) {
  return serveLogoFile(request, params.file, context);
}
