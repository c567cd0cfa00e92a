import { requireUser } from "~/features/access/require-user.server";
import { exportYourData } from "~/features/accounts/your-data.server";
import { dbContext } from "~/db/context";
import { clockContext } from "~/lib/context";
import type { Route } from "./+types/account.your-data[.]json";

/** Everything held about the logged-in person, as a JSON file to keep. */
export async function loader({ context }: Route.LoaderArgs) {
  const user = requireUser(context, { inactiveToo: true });
  const now = context.get(clockContext)();
  const body = JSON.stringify(await exportYourData(context.get(dbContext), user.id, now), null, 2);
  return new Response(body, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="your-data-${now.toISOString().slice(0, 10)}.json"`,
      "Cache-Control": "private, no-store",
    },
  });
}
