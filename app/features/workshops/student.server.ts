import type { RouterContextProvider } from "react-router";
import { dbContext, rateLimiterContext } from "~/db/context";
import { requireStudent, siteOrigin } from "~/features/access/index.server";
import { outboxContext } from "~/features/email";
import { clockContext } from "~/lib/context";
import { formOf } from "~/lib/request-body.server";
import { workshopLinksContext } from "./context";
import { registerForWorkshop, registrationUrl, visibleWorkshop } from "./workshops.server";

const STUDENT_LIMIT = { max: 20, windowSeconds: 60 * 60 };

/** Where the student goes next, or why their registration was refused (shown on the dashboard). */
export type StudentRegistration = { to: string } | { refused: string; status: 409 | 429; retryAfter?: number };

/**
 * A logged-in student's registration from their dashboard (the workshops page turns students
 * away): a workshop of the platform's or their university's, as themselves. Null for a workshop
 * they may not see.
 */
export async function registerStudentForWorkshop(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<StudentRegistration | null> {
  const user = requireStudent(context);
  const form = await formOf(request);
  const db = context.get(dbContext);
  if (form.get("intent") !== "register-workshop") return null;
  const workshopId = Number(form.get("workshop"));
  if (!(await visibleWorkshop(db, workshopId, user.universityId))) return null;
  const deps = {
    db,
    outbox: context.get(outboxContext),
    links: context.get(workshopLinksContext),
    origin: siteOrigin(context),
    now: context.get(clockContext)(),
  };
  const wait = await context.get(rateLimiterContext).spend(`workshop:user:${user.id}`, STUDENT_LIMIT);
  if (wait > 0) {
    const minutes = Math.ceil(wait / 60);
    return {
      refused: `You have registered for workshops ${STUDENT_LIMIT.max} times in the last hour. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
      status: 429,
      retryAfter: wait,
    };
  }
  const result = await registerForWorkshop(deps, workshopId, { userId: user.id, name: user.name, email: user.email });
  // Started or cancelled since the dashboard was shown.
  if (result === "closed")
    return { refused: "That workshop has started or been cancelled, so it takes no more registrations.", status: 409 };
  return { to: `${registrationUrl({ ...deps, origin: "" }, result.registration.id)}&done=${result.status}` };
}
