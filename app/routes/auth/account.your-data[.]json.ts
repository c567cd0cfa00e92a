import { yourDataFile } from "~/features/accounts/account-pages.server";
import type { Route } from "./+types/account.your-data[.]json";

/** Everything held about the logged-in person, as a JSON file to keep. */
export function loader({ context }: Route.LoaderArgs) {
  return yourDataFile(context);
}
