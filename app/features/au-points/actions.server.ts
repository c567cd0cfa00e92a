import { type RouterContextProvider, type UNSAFE_DataWithResponseInit, data, redirect } from "react-router";
import { dbContext, rateLimiterContext } from "~/db/context";
import { requireUser } from "~/features/access/index.server";
import { clockContext, configContext } from "~/lib/context";
import { flashCookie } from "~/lib/flash.server";
import { dispatchIntent } from "~/lib/intent";
import { underLimit } from "~/lib/rate-limit";
import { formOf } from "~/lib/request-body.server";
import { calculatePoints } from "./calculate";
import { POINTS_PATH } from "./paths";
import { MAX_SAVED, SAVE_LIMIT, deleteResult, saveRateKey, saveResult } from "./queries.server";
import { parseAnswers, rawAnswersFrom } from "./schema";
import { todayInAustralia } from "./today";

export type ActionAnswer = { ok: boolean; message: string };
type Answer = Response | UNSAFE_DataWithResponseInit<ActionAnswer>;

/**
 * The calculator page's buttons: save the answers to the account, or delete a saved result.
 * Posts from the page's script stay on the page; a plain form post (no JavaScript) is answered
 * with a redirect back, carrying the news in a flash message.
 */
export async function pointsPageAction(request: Request, context: Readonly<RouterContextProvider>) {
  const user = requireUser(context);
  const db = context.get(dbContext);
  const form = await formOf(request);
  const viaFetch = form.get("via") === "fetch";
  const back = `${POINTS_PATH}${new URL(request.url).search}`;
  const done = (message: string): Answer =>
    viaFetch
      ? data<ActionAnswer>({ ok: true, message })
      : redirect(back, { status: 303, headers: { "Set-Cookie": flashCookie(context.get(configContext), message) } });
  const refuse = (status: number, message: string, headers?: HeadersInit) =>
    data<ActionAnswer>({ ok: false, message }, { status, headers });

  return dispatchIntent(
    form,
    {
      delete: async () => {
        const id = Number(form.get("id"));
        if (!Number.isSafeInteger(id) || id <= 0 || !(await deleteResult(db, user.id, id))) {
          return refuse(404, "That saved result does not exist, or it was deleted already.");
        }
        return done("Saved result deleted.");
      },
      save: () =>
        underLimit<Answer>(
          context.get(rateLimiterContext),
          saveRateKey(user.id),
          SAVE_LIMIT,
          (seconds) =>
            refuse(
              429,
              `You have saved many results in the last hour. Wait ${Math.ceil(seconds / 60)} minutes and try again.`,
              { "Retry-After": String(seconds) },
            ),
          async (accept) => {
            const parsed = parseAnswers(rawAnswersFrom(form), todayInAustralia(context.get(clockContext)()));
            if (!parsed.success)
              return refuse(
                400,
                "Some answers are missing or not valid, so there is no result to save. Correct the answers marked in the form.",
              );
            const refused = await accept();
            if (refused) return refused;
            const id = await saveResult(db, user.id, parsed.data, calculatePoints(parsed.data));
            if (id === null)
              return refuse(409, `You already keep ${MAX_SAVED} saved results: delete one to save this one.`);
            return done("Result saved to your account.");
          },
        ),
    },
    async () => refuse(400, "Choose to save a result or delete one."),
  );
}
