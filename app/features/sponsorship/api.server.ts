import type { LoaderFunctionArgs } from "react-router";
import { z } from "zod";
import type { Db } from "~/db/client.server";
import { dbContext } from "~/db/context";
import { todayInLondon } from "~/lib/dates";
import { clockContext } from "~/lib/context";
import { type Answer, ok, refused } from "~/lib/json-api.server";
import { isIsoDay } from "~/lib/dates";
import { readJsonBody } from "~/lib/request-body.server";
import { type Assessment, assessOffer } from "./eligibility";
import { employerStanding } from "./employer.server";
import { ruleSetFor, ruleSets } from "./rules";

/** Beyond these an offer is a typing slip, not a salary: a year's pay, an hour's pay, hours a week. */
const LIMITS = { year: { min: 1_000, max: 5_000_000 }, hour: { min: 1, max: 2_500 }, hours: 100 };

const OfferBody = z
  .object({
    soc: z
      .string({ error: 'Give the SOC 2020 occupation code as a string of four digits, like "2134"' })
      .regex(/^\d{4}$/, 'Give the SOC 2020 occupation code as four digits, like "2134"'),
    salary: z.number({ error: "Give the salary as a number" }).finite(),
    salaryPeriod: z.enum(["year", "hour"], { error: 'salaryPeriod is "year" or "hour"' }).default("year"),
    hoursPerWeek: z
      .number({ error: "Give the hours a week as a number" })
      .gt(0, "Hours a week must be more than 0")
      .max(LIMITS.hours, `Hours a week must be at most ${LIMITS.hours}`)
      .default(37.5),
    cosDate: z
      .string({ error: "Give the date as YYYY-MM-DD" })
      .refine(isIsoDay, "Give a real date as YYYY-MM-DD")
      .optional(),
    newEntrant: z.boolean({ error: "newEntrant is true or false" }).default(false),
    phd: z.enum(["none", "relevant", "stem"], { error: 'phd is "none", "relevant" or "stem"' }).default("none"),
    employer: z
      .string({ error: "Give the employer's name as text" })
      .trim()
      .min(1, "Leave the employer out, or give its name")
      .max(200, "Employer names are at most 200 characters")
      .optional(),
  })
  .strict()
  .superRefine((offer, ctx) => {
    const { min, max } = LIMITS[offer.salaryPeriod];
    if (offer.salary < min || offer.salary > max) {
      ctx.addIssue({
        code: "custom",
        path: ["salary"],
        message: `A salary ${offer.salaryPeriod === "year" ? "a year" : "an hour"} must be between £${min.toLocaleString("en-GB")} and £${max.toLocaleString("en-GB")}`,
      });
    }
  });

export type OfferCheck =
  | { ok: true; assessment: Omit<Assessment, "judged"> }
  | { ok: false; message: string; errors: { field: string | null; reason: string }[] };

/**
 * Whether an offer meets the Skilled Worker rules of the date its certificate of sponsorship is
 * issued (today when not given): for the API and the offer-checking page alike. A date no rule set
 * covers, an unknown occupation code or an impossible salary is refused, naming the field.
 */
export async function checkOffer(db: Db, input: Record<string, unknown>, today: string): Promise<OfferCheck> {
  const parsed = OfferBody.safeParse(input);
  if (!parsed.success) {
    const errors = parsed.error.issues.flatMap((issue) =>
      issue.code === "unrecognized_keys"
        ? issue.keys.map((key) => ({
            field: key,
            reason: `Unknown field; the fields are ${Object.keys(OfferBody.shape).join(", ")}`,
          }))
        : [{ field: issue.path.length ? issue.path.join(".") : null, reason: issue.message }],
    );
    return { ok: false, message: "The offer is not valid", errors };
  }
  const { employer: employerName, cosDate = today, ...offer } = parsed.data;
  const rules = await ruleSetFor(cosDate);
  if (!rules) {
    const earliest = (await ruleSets()).at(-1)!.effectiveFrom;
    return {
      ok: false,
      message: "No rule set covers that date",
      errors: [
        {
          field: "cosDate",
          reason: `Our rules cover certificates of sponsorship issued from ${earliest}; for an earlier one, check the rules of its date on GOV.UK`,
        },
      ],
    };
  }
  if (!rules.occupations.has(offer.soc)) {
    return {
      ok: false,
      message: "The offer is not valid",
      errors: [{ field: "soc", reason: `${offer.soc} is not a SOC 2020 occupation code` }],
    };
  }
  const standing = employerName ? await employerStanding(db, employerName) : null;
  const employer = standing && {
    name: standing.name,
    licensed: standing.licensed,
    skilledWorker: standing.skilledWorker,
    rating: standing.rating,
  };
  const { judged: _judged, ...assessment } = assessOffer({ ...offer, cosDate }, rules, employer);
  return { ok: true, assessment };
}

/** POST /api/sponsorship-eligibility: `checkOffer` on a JSON body, 400 naming each bad field. */
export async function eligibilityApiAnswer(db: Db, body: unknown, today: string): Promise<Answer> {
  if (typeof body !== "object" || body === null || Array.isArray(body))
    return refused(400, "Send the offer as one JSON object");
  const checked = await checkOffer(db, body as Record<string, unknown>, today);
  return checked.ok ? ok(checked.assessment) : refused(400, checked.message, checked.errors);
}

/** The endpoint's request: the offer in its body, judged today in London. */
export async function answerEligibility({ request, context }: LoaderFunctionArgs): Promise<Answer> {
  return eligibilityApiAnswer(
    context.get(dbContext),
    await readJsonBody(request, { what: "the offer" }),
    todayInLondon(context.get(clockContext)()),
  );
}
