import type { LoaderFunctionArgs } from "react-router";
import { clockContext } from "~/lib/context";
import { readJsonBody } from "~/lib/request-body.server";
import { pointsApiAnswer } from "./api";
import { todayInAustralia } from "./today";

/** POST /api/au-points: answers in, the points and hints out (pure: it stores nothing). */
export async function answerPoints({ request, context }: LoaderFunctionArgs) {
  return pointsApiAnswer(
    await readJsonBody(request, { what: "the answers" }),
    todayInAustralia(context.get(clockContext)()),
  );
}
