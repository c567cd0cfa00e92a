import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { JobRunner } from "~/db/jobs.server";
import { emailOutbox, graduateSurveys, studentProfiles } from "~/db/schema";
import { hashToken } from "~/db/tokens.server";
import { Outbox } from "~/features/email/index.server";
import { startEmail } from "~/features/email/service.server";
import { loadConfig } from "~/lib/env.server";
import { manualClock } from "../../../tests/support/clock";
import { accountIn, createUniversity, createUser } from "../../../tests/support/factories";
import { type TestSmtpServer, startSmtpServer } from "../../../tests/support/smtp";
import { createTestDatabase } from "../../../tests/support/test-db";
import { SURVEY_JOB_EVERY_MS, startGraduateOutcomes } from "./service.server";
import { saveAnswer, sendDueSurveys, surveyOfLink } from "./surveys.server";

// The surveys as the server sends them: the recurring job in the real queue, on a clock moved by hand,
// its emails sent through the outbox to a real SMTP server.
const SIX_MONTHS_ON = new Date("2026-01-05T09:00:00Z");
// Before the 6-month survey's own nine months end (5 October): the 15-month survey is what closes it.
const FIFTEEN_MONTHS_ON = new Date("2026-10-02T09:00:00Z");
const LINK = /https:\/\/careers\.example\/graduate-outcomes\/survey\/([A-Za-z0-9_-]{43})/;

let database: Database;
let smtp: TestSmtpServer;
let close: () => Promise<void>;
const clock = manualClock(SIX_MONTHS_ON);
let runner: JobRunner;
const people: Record<string, number> = {};

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await startSmtpServer();
  const { db } = database;
  const harbour = await createUniversity(db, { name: "Harbour University" });
  const other = await createUniversity(db, { name: "Other University" });
  const graduate = async (
    name: string,
    graduated: string | null,
    more: Partial<Parameters<typeof createUser>[1]> = {},
  ) => {
    const user = await createUser(db, {
      universityId: harbour.id,
      name,
      email: `${name.split(" ")[0]!.toLowerCase()}@example.test`,
      ...accountIn("active", SIX_MONTHS_ON),
      ...more,
    });
    await db.insert(studentProfiles).values({
      userId: user.id,
      graduationDate: graduated,
      course: "MSc Data Science",
      studyLevel: "postgraduate_taught",
      homeCountryId: 82,
      visaType: "graduate",
    });
    people[name] = user.id;
  };
  // Grace graduated in July 2025 and her access as an alumna has ended: her 6-month survey is due in January.
  await graduate("Grace Mensah", "2025-07-01", accountIn("expired", SIX_MONTHS_ON));
  await graduate("Omar Farouk", "2025-07-01", { universityId: other.id });
  await graduate("Sam Young", "2026-06-01");
  await graduate("Olu Old", "2019-07-01");
  await graduate("Nia Noprofile", null);
  await graduate("Rita Refused", "2025-07-01", accountIn("refused", SIX_MONTHS_ON));
  await graduate("Ada Admin", "2025-07-01", { role: "university_admin" });

  const config = loadConfig({ SMTP_URL: smtp.url, PUBLIC_URL: "https://careers.example" });
  runner = new JobRunner(db, clock);
  const email = startEmail(db, config, clock, runner);
  startGraduateOutcomes(db, config, clock, runner, email.outbox);
  close = async () => {
    await email.service.close?.();
    await smtp.close();
    await database.close();
  };
});
afterAll(() => close?.());

/** Runs the queue until nothing is due: the surveys' pass, then the emails it queued. */
async function runQueue() {
  while ((await runner.runDue()) > 0);
}
const surveysOf = (name: string) =>
  database.db
    .select()
    .from(graduateSurveys)
    .where(eq(graduateSurveys.userId, people[name]!))
    .orderBy(graduateSurveys.wave);
const sentTo = () =>
  database.db
    .select({ to: emailOutbox.toAddress, subject: emailOutbox.subject })
    .from(emailOutbox)
    .where(eq(emailOutbox.kind, "graduate-outcomes.survey"))
    .orderBy(emailOutbox.id);

let sixMonthLink: string;

describe("the graduate outcomes surveys", () => {
  it("emails each graduate the 6-month survey once, through the job queue, with a link of their own", async () => {
    await runQueue();
    const mail = await smtp.next((m) => m.envelopeTo.includes("grace@example.test"));
    expect(mail.subject).toBe("Six months after graduating: what are you doing now?");
    expect(mail.text).toContain("You graduated in July 2025. Harbour University asks its graduates");
    expect(mail.text).toContain("until we send the next survey, 15 months after you graduated.");
    sixMonthLink = LINK.exec(mail.text ?? "")![1]!;
    // The link's secret is stored hashed, beside what the analytics cut by, as the profile said it then.
    const [survey] = await surveysOf("Grace Mensah");
    expect(survey).toMatchObject({
      wave: 6,
      graduationMonth: "2025-07",
      course: "MSc Data Science",
      studyLevel: "postgraduate_taught",
      homeCountryId: 82,
      visaType: "graduate",
      tokenHash: hashToken(sixMonthLink),
      sentAt: SIX_MONTHS_ON,
      closesAt: new Date("2026-10-05T09:00:00Z"),
    });
    // Another university's graduate gets theirs, kept under their university; nobody else gets one.
    expect((await sentTo()).map((e) => e.to).sort()).toEqual(["grace@example.test", "omar@example.test"]);

    // Its next runs, that month and the next, send nothing more.
    clock.advance(SURVEY_JOB_EVERY_MS);
    await runQueue();
    clock.advance(30 * 86_400_000);
    await runQueue();
    expect((await sentTo()).map((e) => e.to).sort()).toEqual(["grace@example.test", "omar@example.test"]);
  });

  it("sends one survey when two servers look at once", async () => {
    const { db } = database;
    await db
      .update(studentProfiles)
      .set({ graduationDate: "2025-08-01" })
      .where(eq(studentProfiles.userId, people["Sam Young"]!));
    const deps = { db, outbox: new Outbox(clock, "careers.example"), origin: "https://careers.example", now: clock() };
    const sent = await Promise.all([sendDueSurveys(deps), sendDueSurveys(deps), sendDueSurveys(deps)]);
    expect(sent.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await surveysOf("Sam Young")).toHaveLength(1);
    expect((await sentTo()).filter((e) => e.to === "sam@example.test")).toHaveLength(1);
  });

  it("takes an answer and changes to it through the link until the 15-month survey goes out, which closes it", async () => {
    const { db } = database;
    const open = await surveyOfLink(db, sixMonthLink, clock());
    expect(open).toMatchObject({ userId: people["Grace Mensah"], wave: 6, open: true });
    expect(await saveAnswer(db, open!.id, { activity: "looking", job: null }, clock())).toBe(true);

    clock.advance(FIFTEEN_MONTHS_ON.getTime() - clock().getTime());
    await runQueue();
    const mail = await smtp.next(
      (m) => m.envelopeTo.includes("grace@example.test") && m.subject?.startsWith("Fifteen months") === true,
    );
    expect(mail.text).toContain("You can change your answers with the same link until 2 July 2027.");
    const fifteen = LINK.exec(mail.text ?? "")![1]!;
    expect(fifteen).not.toBe(sixMonthLink);

    // The 6-month link no longer opens the survey for answers, and keeps its answer.
    const closed = await surveyOfLink(db, sixMonthLink, clock());
    expect(closed).toMatchObject({ wave: 6, open: false, activity: "looking" });
    expect(await saveAnswer(db, closed!.id, { activity: "further_study", job: null }, clock())).toBe(false);
    expect((await surveysOf("Grace Mensah")).map((s) => [s.wave, s.activity, s.closesAt])).toEqual([
      [6, "looking", FIFTEEN_MONTHS_ON],
      [15, null, new Date("2027-07-02T09:00:00Z")],
    ]);
    expect(await surveyOfLink(db, fifteen, clock())).toMatchObject({ wave: 15, open: true });
    // Each wave once: Grace has had two surveys in all.
    await runQueue();
    expect((await sentTo()).filter((e) => e.to === "grace@example.test")).toHaveLength(2);
  });

  it("opens nothing for a link no survey sent", async () => {
    const { db } = database;
    expect(await surveyOfLink(db, "A".repeat(43), clock())).toBeNull();
    expect(await surveyOfLink(db, `${sixMonthLink}x`, clock())).toBeNull();
    expect(await surveyOfLink(db, "", clock())).toBeNull();
    // Nor was any survey sent to a graduate of years ago, a student who has not graduated, an account
    // refused, or a member of staff.
    for (const name of ["Olu Old", "Nia Noprofile", "Rita Refused", "Ada Admin"])
      expect(await surveysOf(name)).toEqual([]);
  });
});
