import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { emailOutbox, enquiries } from "~/db/schema";
import { Outbox } from "~/features/email/outbox.server";
import { manualClock } from "../../../tests/support/clock";
import { createTestDatabase } from "../../../tests/support/test-db";
import { ambassadorSchema, PartnerSchema } from "./forms";
import { helpFormEmailKey, recordAmbassadorApplication, recordPartnerEnquiry } from "./forms.server";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());
beforeEach(async () => {
  await database.db.delete(enquiries);
  await database.db.delete(emailOutbox);
});

const deps = () => ({
  db: database.db,
  outbox: new Outbox(manualClock(), "platform.test"),
  teamEmail: "team@platform.test",
});
const ORIGIN = { universityId: null, userId: null };

describe("the help pages' forms", () => {
  it("store a partnership enquiry and email the team about it", async () => {
    const input = PartnerSchema.parse({
      name: "Amara Okafor",
      email: "a.okafor@example.ac.uk",
      organisation: "Example University",
      job_title: "Head of Careers",
      students: "500-1999",
      message: "We would like a demonstration.",
    });
    await recordPartnerEnquiry(deps(), input, ORIGIN);
    const [row] = await database.db.select().from(enquiries);
    expect(row).toMatchObject({
      kind: "partner-with-us",
      name: "Amara Okafor",
      email: "a.okafor@example.ac.uk",
      subject: "Partnership enquiry from Example University",
      message: "We would like a demonstration.",
      details: { organisation: "Example University", jobTitle: "Head of Careers", internationalStudents: "500-1999" },
    });
    const [mail] = await database.db.select().from(emailOutbox);
    expect(mail).toMatchObject({
      toAddress: "team@platform.test",
      subject: "Partner with us: Partnership enquiry from Example University",
    });
    expect(mail!.textBody).toContain("Job title: Head of Careers");
    expect(mail!.textBody).toContain("International students: 500 to 1,999");
  });

  it("leave out the number of students when it was not given", async () => {
    const input = PartnerSchema.parse({
      name: "Amara Okafor",
      email: "a@example.ac.uk",
      organisation: "Example University",
      job_title: "Adviser",
      message: "Tell us more, please.",
    });
    await recordPartnerEnquiry(deps(), input, ORIGIN);
    const [row] = await database.db.select().from(enquiries);
    expect(row!.details).toEqual({ organisation: "Example University", jobTitle: "Adviser" });
  });

  it("store an ambassador's application with the graduation, and email the team about it", async () => {
    const why = "I run the international students' society and help new students find part-time work every term.";
    const input = ambassadorSchema(2026).parse({
      name: "Lucía Fernández",
      email: "lucia@example.ac.uk",
      university: "Example University",
      course: "MSc Data Science",
      graduation_month: "6",
      graduation_year: "2027",
      why,
    });
    await recordAmbassadorApplication(deps(), input, ORIGIN);
    const [row] = await database.db.select().from(enquiries);
    expect(row).toMatchObject({
      kind: "campus-ambassadors",
      subject: "Campus ambassador application from Example University",
      message: why,
      details: { university: "Example University", course: "MSc Data Science", graduation: "2027-06" },
    });
    const [mail] = await database.db.select().from(emailOutbox);
    expect(mail!.subject).toBe("Campus ambassadors: Campus ambassador application from Example University");
    expect(mail!.textBody).toContain("Expected graduation: June 2027");
  });

  it("count an email address however it is capitalised", () => {
    expect(helpFormEmailKey("partner", "A.Okafor@Example.AC.UK")).toBe("partner:email:a.okafor@example.ac.uk");
  });
});
