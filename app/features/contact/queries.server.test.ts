import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { Database } from "~/db/client.server";
import { emailOutbox, enquiries, jobs } from "~/db/schema";
import { type OutgoingEmail, Outbox, SEND_EMAIL_JOB } from "~/features/email/outbox.server";
import { manualClock } from "../../../tests/support/clock";
import { createUniversity } from "../../../tests/support/factories";
import { createTestDatabase } from "../../../tests/support/test-db";
import { recordEnquiry } from "./queries.server";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());
beforeEach(async () => {
  await database.db.delete(enquiries);
  await database.db.delete(emailOutbox);
});

const clock = manualClock(new Date("2026-11-25T10:00:00Z"));
const TEAM = "team@platform.test";
const CONTACT = {
  kind: "contact" as const,
  name: "Amara Okafor",
  email: "amara@example.com",
  phone: "+442079460000",
  subject: "Access for our students",
  message: "First paragraph.\n\nSecond paragraph.",
};

describe("recordEnquiry", () => {
  it("stores the enquiry and queues the team's email with a reply address, then wakes the sender", async () => {
    const wake = vi.fn();
    const id = await recordEnquiry(
      { db: database.db, outbox: new Outbox(clock, "platform.test", wake), teamEmail: TEAM },
      CONTACT,
      { universityId: null, userId: null },
    );
    const [row] = await database.db.select().from(enquiries).where(eq(enquiries.id, id));
    expect(row).toMatchObject({
      kind: "contact",
      name: "Amara Okafor",
      email: "amara@example.com",
      phone: "+442079460000",
      subject: CONTACT.subject,
      message: CONTACT.message,
      details: null,
    });
    const [mail] = await database.db.select().from(emailOutbox);
    expect(mail).toMatchObject({
      kind: "enquiry.contact",
      toAddress: TEAM,
      subject: "Contact us: Access for our students",
      headers: { "Reply-To": "amara@example.com" },
    });
    expect(mail!.textBody).toContain("Amara Okafor (amara@example.com) sent this through the Contact us form.");
    expect(mail!.textBody).toContain("Phone: +442079460000");
    expect(mail!.textBody).toContain("First paragraph.\n\nSecond paragraph.");
    const queued = await database.db.select().from(jobs).where(eq(jobs.kind, SEND_EMAIL_JOB));
    expect(queued.some((j) => j.payload.outboxId === mail!.id)).toBe(true);
    expect(wake).toHaveBeenCalledOnce();
  });

  it("keeps a form's own answers in details, and names them and the microsite in the email", async () => {
    const university = await createUniversity(database.db, { name: "Example University" });
    await recordEnquiry(
      { db: database.db, outbox: new Outbox(clock, "platform.test"), teamEmail: TEAM },
      {
        kind: "partner-with-us",
        name: "Amara Okafor",
        email: "amara@example.ac.uk",
        subject: "Partnership enquiry from Example University",
        message: "A demonstration, please.",
        details: [
          { key: "organisation", label: "University or organisation", value: "Example University" },
          {
            key: "internationalStudents",
            label: "International students",
            value: "2000-4999",
            shown: "2,000 to 4,999",
          },
          { key: "empty", label: "Not answered", value: "" },
        ],
      },
      { universityId: university.id, userId: null, universityName: "Example University" },
    );
    const [row] = await database.db.select().from(enquiries);
    expect(row).toMatchObject({
      kind: "partner-with-us",
      phone: null,
      universityId: university.id,
      details: { organisation: "Example University", internationalStudents: "2000-4999" },
    });
    const [mail] = await database.db.select().from(emailOutbox);
    expect(mail).toMatchObject({
      kind: "enquiry.partner-with-us",
      universityId: university.id,
      subject: "Partner with us: Partnership enquiry from Example University",
    });
    expect(mail!.textBody).toContain("through the Partner with us form on the Example University microsite.");
    expect(mail!.textBody).toContain("International students: 2,000 to 4,999");
    expect(mail!.textBody).not.toContain("Not answered");
  });

  it("stores nothing when the email cannot be queued, and wakes nobody", async () => {
    const wake = vi.fn();
    class BrokenOutbox extends Outbox {
      override queue(_tx: unknown, _message: OutgoingEmail): Promise<number> {
        return Promise.reject(new Error("the outbox is full"));
      }
    }
    await expect(
      recordEnquiry(
        { db: database.db, outbox: new BrokenOutbox(clock, "platform.test", wake), teamEmail: TEAM },
        CONTACT,
        { universityId: null, userId: null },
      ),
    ).rejects.toThrow("the outbox is full");
    expect(await database.db.select().from(enquiries)).toEqual([]);
    expect(wake).not.toHaveBeenCalled();
  });
});
