import { z } from "zod";
import type { Db } from "~/db/client.server";
import { type Answer, ok, refused } from "~/lib/json-api.server";
import { isIsoDay } from "~/lib/dates";
import { assessOffer } from "./eligibility";
import { employerStanding } from "./employer.server";
import { ruleSetFor, ruleSets } from "./rules";

/** Beyond these an offer is a typing slip, not a salary: a year's pay, an hour's pay, hours a week. */
const LIMITS = { year: { min: 1_000, max: 5_000_000 }, hour: { min: 1, max: 2_500 }, hours: 100 };

const OfferBody = z
  .object({
    soc: z.string({ error: "Give the SOC 2020 occupation code as a string of four digits, like \"2134\"" }).regex(/^\d{4}$/, "Give the SOC 2020 occupation code as four digits, like \"2134\""),
    salary: z.number({ error: "Give the salary as a number" }).finite(),
    salaryPeriod: z.enum(["year", "hour"], { error: "salaryPeriod is \"year\" or \"hour\"" }).default("year"),
    hoursPerWeek: z.number({ error: "Give the hours a week as a number" }).gt(0, "Hours a week must be more than 0").max(LIMITS.hours, `Hours a week must be at most ${LIMITS.hours}`).default(37.5),
    cosDate: z.string({ error: "Give the date as YYYY-MM-DD" }).refine(isIsoDay, "Give a real date as YYYY-MM-DD").optional(),
    newEntrant: z.boolean({ error: "newEntrant is true or false" }).default(false),
    phd: z.enum(["none", "relevant", "stem"], { error: "phd is \"none\", \"relevant\" or \"stem\"" }).default("none"),
    employer: z.string({ error: "Give the employer's name as text" }).trim().min(1, "Leave the employer out, or give its name").max(200, "Employer names are at most 200 characters").optional(),
  })
  .strict()
  .superRefine((offer, ctx) => {
    const { min, max } = LIMITS[offer.salaryPeriod];
    if (offer.salary < min || offer.salary > max) {
      ctx.addIssue({ code: "custom", path: ["salary"], message: `A salary ${offer.salaryPeriod === "year" ? "a year" : "an hour"} must be between £${min.toLocaleString("en-GB")} and £${max.toLocaleString("en-GB")}` });
    }
  });

/**
 * POST /api/sponsorship-eligibility: whether an offer meets the Skilled Worker rules of the date its
 * certificate of sponsorship is issued (today when not given). A date no rule set covers, an unknown
 * occupation code or an impossible salary answers 400 naming the field.
 */
export async function eligibilityApiAnswer(db: Db, body: unknown, today: string): Promise<Answer> {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return refused(400, "Send the offer as one JSON object");
  const parsed = OfferBody.safeParse(body);
  if (!parsed.success) {
    const errors = parsed.error.issues.flatMap((issue) =>
      issue.code === "unrecognized_keys"
        ? issue.keys.map((key) => ({ field: key, reason: `Unknown field; the fields are ${Object.keys(OfferBody.shape).join(", ")}` }))
        : [{ field: issue.path.length ? issue.path.join(".") : null, reason: issue.message }],
    );
    return refused(400, "The offer is not valid", errors);
  }
  const { employer: employerName, cosDate = today, ...offer } = parsed.data;
  const rules = await ruleSetFor(cosDate);
  if (!rules) {
    const earliest = (await ruleSets()).at(-1)!.effectiveFrom;
    return refused(400, "No rule set covers that date", [
      { field: "cosDate", reason: `Our rules cover certificates of sponsorship issued from ${earliest}; for an earlier one, check the rules of its date on GOV.UK` },
    ]);
  }
  if (!rules.occupations.has(offer.soc)) {
    return refused(400, "The offer is not valid", [{ field: "soc", reason: `${offer.soc} is not a SOC 2020 occupation code` }]);
  }
  const standing = employerName ? await employerStanding(db, employerName) : null;
  const employer = standing && { name: standing.name, licensed: standing.licensed, skilledWorker: standing.skilledWorker, rating: standing.rating };
  const { judged: _judged, ...assessment } = assessOffer({ ...offer, cosDate }, rules, employer);
  return ok(assessment);
}
