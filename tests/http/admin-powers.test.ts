import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { asc, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SYSTEM_ACTOR } from "~/db/audit.server";
import type { Db } from "~/db/client.server";
import {
  type University,
  accessRequests,
  accountTokens,
  adviserOffers,
  appointmentTypes,
  appointments,
  careerFairExhibitors,
  careerFairRegistrations,
  careerFairTalks,
  careerFairs,
  careersAdvisers,
  careerManualPages,
  emailOutbox,
  invitations,
  rosterApiKeys,
  rosterRecords,
  rosterUploads,
  studentProfiles,
  universities,
  universityEmployers,
  universityLogos,
  users,
  workshopRegistrations,
  workshops,
} from "~/db/schema";
import { hashToken } from "~/db/tokens.server";
import { shownCode, ticketCode } from "~/features/career-fairs/code";
import { createCv } from "~/features/cv/index.server";
import { SAMPLE_CV } from "~/features/cv/sample";
import { PROFILE_TABS } from "~/features/university-profile/schema";
import { prepareLogo, storeLogo } from "~/features/university-profile/logo.server";
import { zonedParts, zonedTime } from "~/lib/time-zones";
import { PAGE_ROUTES } from "~/route-table";
import {
  type AccountState,
  TEST_PASSWORD,
  accountIn,
  createEmployerOrganisation,
  createUniversity,
  createUser,
} from "../support/factories";
import { makeSamlIdp } from "../support/saml-idp";
import { type Reply, type TestServer, loginAs, request, startServerWithData } from "./harness";

// Every power of a university admin, page and action, tried by staff accounts that are no admins
// (awaiting approval, refused, past their end) of one university: none is offered, none shows its
// people, none changes anything. An active admin of a second university, holding the same data, uses
// every one of them (so the refusals are not malformed requests). The lists come from the route table
// and from the pages themselves, so a new admin page or button cannot be left out.

const ROOT = path.resolve(import.meta.dirname, "../..");
const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10" fill="#123456"/></svg>';
const INACTIVE = ["awaiting_approval", "refused", "expired"] as const satisfies readonly AccountState[];

/** A university with something for every admin power to act on (two of what one intent uses up). */
async function universityWithEverything(db: Db, label: string) {
  const now = new Date();
  const domain = `${label}-${now.getTime().toString(36)}.test`;
  const university = await createUniversity(db, { emailDomains: [domain] });
  const of = { universityId: university.id };
  const admin = await createUser(db, {
    ...of,
    role: "university_admin",
    email: `admin@${domain}`,
    name: `Admin ${label}`,
    ...accountIn("active", now),
  });
  const requests = await db
    .insert(accessRequests)
    .values(
      [1, 2].map((n) => ({
        ...of,
        name: `Requester ${n} ${label}`,
        email: `request-${n}-${label}@mail.example`,
        studentNumber: `S${n}`,
        course: "MSc Finance",
      })),
    )
    .returning();
  const awaiting = [
    await createUser(db, { ...of, ...accountIn("awaiting_approval", now) }),
    await createUser(db, { ...of, ...accountIn("awaiting_approval", now) }),
  ];
  const invited = [];
  for (const n of [1, 2]) {
    const account = await createUser(db, { ...of, email: `invited-${n}-${label}@mail.example`, passwordHash: null });
    const [row] = await db
      .insert(invitations)
      .values({ ...of, userId: account.id, email: account.email, invitedBy: admin.id, lastSentAt: now })
      .returning();
    invited.push(row!);
  }
  const student = await createUser(db, { ...of, ...accountIn("active", now) });
  const ended = await createUser(db, { ...of, ...accountIn("expired", now) });
  // The careers service (issue 33): the admin is an adviser with a calendar feed, beside an admin who is
  // no adviser yet and one switched off; a kind the admin offers, and the student's appointment, started, with a CV.
  const staffAs = (email: string) =>
    createUser(db, { ...of, role: "university_admin", email: `${email}@${domain}`, ...accountIn("active", now) });
  const colleague = await staffAs("colleague");
  const formerAdviser = await staffAs("former-adviser");
  await db.insert(careersAdvisers).values([
    { userId: admin.id, universityId: university.id, calendarTokenHash: hashToken(`feed of ${label}`) },
    { userId: formerAdviser.id, universityId: university.id, active: false },
  ]);
  const meeting = "https://meet.example.org/careers";
  const [kind] = await db
    .insert(appointmentTypes)
    .values({ ...of, name: "CV review", minutes: 30 })
    .returning();
  await db
    .insert(adviserOffers)
    .values({ adviserUserId: admin.id, typeId: kind!.id, mode: "online", location: meeting });
  const [appointment] = await db
    .insert(appointments)
    .values({
      ...of,
      adviserUserId: admin.id,
      studentUserId: student.id,
      typeId: kind!.id,
      uid: `appointment-${domain}`,
      startsAt: new Date(now.getTime() - 10 * 60_000),
      endsAt: new Date(now.getTime() + 20 * 60_000),
      mode: "online",
      location: meeting,
      timeZone: "Europe/London",
    })
    .returning();
  await createCv(db, student, { name: "My CV", document: SAMPLE_CV, source: "empty" }, now);
  // A pre-departure account with an address of no university's, which nothing vouches for.
  const predeparture = await createUser(db, {
    ...of,
    role: "predeparture_student",
    email: `offer-holder-${label}@mail.example`,
    emailVerifiedAt: now,
  });
  const [page] = await db
    .insert(careerManualPages)
    .values({
      ...of,
      title: `Welcome week ${label}`,
      bodyMarkdown: "Come and see us.",
      bodyHtml: "<p>Come and see us.</p>",
      position: 1,
      updatedAt: now,
    })
    .returning();
  const startsAt = new Date(now.getTime() + 10 * 86_400_000);
  const [workshop] = await db
    .insert(workshops)
    .values({
      ...of,
      slug: `mock-interviews-${domain}`,
      title: `Mock interviews ${label}`,
      summary: "Practise with the careers advisers.",
      startsAt,
      endsAt: new Date(startsAt.getTime() + 3_600_000),
      timeZone: "Europe/London",
      format: "online",
      joinUrl: `https://meet.example.org/${label}-secret-room`,
      capacity: 10,
      createdBy: admin.id,
    })
    .returning();
  const attendee = { name: `Attendee Person ${label}`, email: `attendee-${label}@mail.example` };
  await db.insert(workshopRegistrations).values({ workshopId: workshop!.id, ...attendee, status: "registered" });
  const logo = await prepareLogo(new TextEncoder().encode(SVG), "logo.svg", "image/svg+xml");
  if (!logo.ok) throw new Error(logo.message);
  await storeLogo(db, SYSTEM_ACTOR, university, logo.logo, now);
  // A verified employer this university approved (employers are no university's: every admin sees them all).
  const employer = await createEmployerOrganisation(db, { name: `Employer ${label}` });
  await db
    .insert(universityEmployers)
    .values({ universityId: university.id, employerOrganisationId: employer.id, decision: "approved", decidedAt: now });
  // A career fair (issue 33) in three weeks, 10:00 to 16:00, with an exhibitor typed in, a talk, and the student's ticket.
  const fairDay = zonedParts(new Date(now.getTime() + 21 * 86_400_000), "Europe/London").day;
  const [fair] = await db
    .insert(careerFairs)
    .values({
      ...of,
      slug: `spring-fair-${domain}`,
      title: `Spring fair ${label}`,
      summary: "Employers who sponsor visas, and talks on applying.",
      startsAt: zonedTime(fairDay, "10:00", "Europe/London"),
      endsAt: zonedTime(fairDay, "16:00", "Europe/London"),
      timeZone: "Europe/London",
      format: "in-person",
      venue: "Student Union, Main Hall",
      createdBy: admin.id,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  const [exhibitor] = await db
    .insert(careerFairExhibitors)
    .values({ fairId: fair!.id, name: `Exhibitor ${label}` })
    .returning();
  const [talk] = await db
    .insert(careerFairTalks)
    .values({
      fairId: fair!.id,
      title: "Graduate routes",
      speaker: "A careers adviser",
      startTime: "11:00",
      endTime: "11:30",
    })
    .returning();
  const [ticket] = await db
    .insert(careerFairRegistrations)
    .values({ fairId: fair!.id, userId: student.id, ...of, code: ticketCode(randomBytes), createdAt: now })
    .returning();
  return {
    university,
    admin,
    requests,
    awaiting,
    invited,
    student,
    ended,
    predeparture,
    page: page!,
    workshop: workshop!,
    attendee,
    employer,
    colleague,
    formerAdviser,
    kind: kind!,
    appointment: appointment!,
    fair: fair!,
    exhibitor: exhibitor!,
    talk: talk!,
    ticket: ticket!,
  };
}
type Everything = Awaited<ReturnType<typeof universityWithEverything>>;

/** Everything an admin power could change of one university, as rows. */
async function snapshotOf(db: Db, university: University) {
  const people = (await db.select({ id: users.id }).from(users).where(eq(users.universityId, university.id))).map(
    (u) => u.id,
  );
  const own = await db.select({ id: workshops.id }).from(workshops).where(eq(workshops.universityId, university.id));
  const fairs = await db
    .select()
    .from(careerFairs)
    .where(eq(careerFairs.universityId, university.id))
    .orderBy(asc(careerFairs.id));
  const ofFairs = fairs.map((f) => f.id);
  return JSON.stringify({
    university: await db.select().from(universities).where(eq(universities.id, university.id)),
    logo: await db
      .select({ hash: universityLogos.hash })
      .from(universityLogos)
      .where(eq(universityLogos.universityId, university.id)),
    users: await db.select().from(users).where(inArray(users.id, people)).orderBy(asc(users.id)),
    profiles: await db
      .select()
      .from(studentProfiles)
      .where(inArray(studentProfiles.userId, people))
      .orderBy(asc(studentProfiles.userId)),
    tokens: await db
      .select()
      .from(accountTokens)
      .where(inArray(accountTokens.userId, people))
      .orderBy(asc(accountTokens.id)),
    requests: await db
      .select()
      .from(accessRequests)
      .where(eq(accessRequests.universityId, university.id))
      .orderBy(asc(accessRequests.id)),
    invitations: await db
      .select()
      .from(invitations)
      .where(eq(invitations.universityId, university.id))
      .orderBy(asc(invitations.id)),
    roster: await db
      .select()
      .from(rosterRecords)
      .where(eq(rosterRecords.universityId, university.id))
      .orderBy(asc(rosterRecords.studentId)),
    rosterUploads: await db
      .select({ id: rosterUploads.id })
      .from(rosterUploads)
      .where(eq(rosterUploads.universityId, university.id)),
    rosterKeys: await db
      .select()
      .from(rosterApiKeys)
      .where(eq(rosterApiKeys.universityId, university.id))
      .orderBy(asc(rosterApiKeys.id)),
    manual: await db
      .select()
      .from(careerManualPages)
      .where(eq(careerManualPages.universityId, university.id))
      .orderBy(asc(careerManualPages.id)),
    advisers: await db
      .select()
      .from(careersAdvisers)
      .where(eq(careersAdvisers.universityId, university.id))
      .orderBy(asc(careersAdvisers.userId)),
    offers: await db
      .select()
      .from(adviserOffers)
      .where(inArray(adviserOffers.adviserUserId, people))
      .orderBy(asc(adviserOffers.adviserUserId), asc(adviserOffers.typeId)),
    kinds: await db
      .select()
      .from(appointmentTypes)
      .where(eq(appointmentTypes.universityId, university.id))
      .orderBy(asc(appointmentTypes.id)),
    appointments: await db
      .select()
      .from(appointments)
      .where(eq(appointments.universityId, university.id))
      .orderBy(asc(appointments.id)),
    workshops: await db
      .select()
      .from(workshops)
      .where(eq(workshops.universityId, university.id))
      .orderBy(asc(workshops.id)),
    registrations: await db
      .select()
      .from(workshopRegistrations)
      .where(
        inArray(
          workshopRegistrations.workshopId,
          own.map((w) => w.id),
        ),
      )
      .orderBy(asc(workshopRegistrations.id)),
    fairs,
    exhibitors: await db
      .select()
      .from(careerFairExhibitors)
      .where(inArray(careerFairExhibitors.fairId, ofFairs))
      .orderBy(asc(careerFairExhibitors.id)),
    talks: await db
      .select()
      .from(careerFairTalks)
      .where(inArray(careerFairTalks.fairId, ofFairs))
      .orderBy(asc(careerFairTalks.id)),
    tickets: await db
      .select()
      .from(careerFairRegistrations)
      .where(inArray(careerFairRegistrations.fairId, ofFairs))
      .orderBy(asc(careerFairRegistrations.id)),
    employerDecisions: await db
      .select()
      .from(universityEmployers)
      .where(eq(universityEmployers.universityId, university.id))
      .orderBy(asc(universityEmployers.employerOrganisationId)),
    emails: await db
      .select({ id: emailOutbox.id, kind: emailOutbox.kind })
      .from(emailOutbox)
      .where(eq(emailOutbox.universityId, university.id))
      .orderBy(asc(emailOutbox.id)),
  });
}

/** Pages whose guard lets others in, where an admin holds more (their route table patterns). */
const ADMIN_PARTS = ["/workshop-and-webinars", "/career-manual/:university_id"];
/**
 * The single sign-on routes share one module, whose one admin power is "Test sign-in"
 * (`/sso/{university}?test=1`, for that university's admins only): tests/http/sso-oidc.test.ts runs it
 * and refuses it to another university's admin, a student and a visitor.
 */
const TEST_SIGN_IN_ROUTES = [
  "/sso/:university",
  "/sso/oidc/:university/callback",
  "/sso/saml/:university/acs",
  "/sso/saml/:university/metadata",
];
/**
 * The console's career fairs pages share the feature's set-up functions with the university's, which
 * call the admin helper for the university's area only: the console's are the platform staff's
 * (`requireStaff`), and tests/http/career-fairs.test.ts shows a university's admin gets 404 there.
 */
const CONSOLE_FAIRS_ROUTES = ["/ops/career-fairs", "/ops/career-fairs/new", "/ops/career-fairs/:slug"];
/** An IdP's metadata to save, as an admin pastes it. */
const IDP_METADATA = makeSamlIdp().metadata;

/** The sample addresses of each admin page, for a university (the route table's patterns filled in). */
function samplesOf(u: Everything, csvTable: string): Record<string, string[]> {
  return {
    "/university-dashboard": ["/university-dashboard"],
    "/visa-job-analytics": ["/visa-job-analytics"],
    "/home-country-job-analytics": ["/home-country-job-analytics"],
    "/student-circus-analytics": ["/student-circus-analytics"],
    "/graduate-outcomes-analytics": ["/graduate-outcomes-analytics"],
    "/university-user-profile/:type?": PROFILE_TABS.filter((t) => t !== "roster").map(
      (t) => `/university-user-profile/${t}`,
    ),
    // The student records tab has an address of its own in the route table (its upload's body limit).
    "/university-user-profile/roster": ["/university-user-profile/roster"],
    "/analytics-csv/:report/:table": [`/analytics-csv/visa-job/${csvTable}`],
    "/university-dashboard/students.csv": ["/university-dashboard/students.csv"],
    "/university-dashboard/employers": ["/university-dashboard/employers"],
    "/workshop-and-webinars": ["/workshop-and-webinars"],
    // The day of the appointment (which started ten minutes before the data was made: yesterday, just after midnight).
    "/university-dashboard/appointments": [
      `/university-dashboard/appointments?day=${zonedParts(u.appointment.startsAt, "Europe/London").day}`,
    ],
    "/university-dashboard/appointments/:id/student": [
      `/university-dashboard/appointments/${u.appointment.id}/student`,
    ],
    "/university-dashboard/appointments/:id/cv.pdf": [`/university-dashboard/appointments/${u.appointment.id}/cv.pdf`],
    "/university-dashboard/appointments/settings": ["/university-dashboard/appointments/settings"],
    "/university-dashboard/appointments/settings/advisers/:id": [
      `/university-dashboard/appointments/settings/advisers/${u.admin.id}`,
    ],
    "/university-dashboard/career-fairs": ["/university-dashboard/career-fairs"],
    "/university-dashboard/career-fairs/new": ["/university-dashboard/career-fairs/new"],
    "/university-dashboard/career-fairs/:slug": [`/university-dashboard/career-fairs/${u.fair.slug}`],
    "/university-dashboard/career-fairs/:slug/check-in": [`/university-dashboard/career-fairs/${u.fair.slug}/check-in`],
    "/university-dashboard/career-fairs/:slug/registrations.csv": [
      `/university-dashboard/career-fairs/${u.fair.slug}/registrations.csv`,
    ],
    "/career-manual/:university_id": [
      `/career-manual/${u.university.slug}`,
      `/career-manual/${u.university.slug}?edit=new`,
    ],
  };
}

type Intent = {
  path: (u: Everything) => string;
  form: (u: Everything) => Record<string, string>;
  /** The file field the form sends (multipart). */
  upload?: "logo" | "roster";
  ok: 200 | 303;
};
const DASHBOARD = () => "/university-dashboard";
const FAIR = (u: Everything) => `/university-dashboard/career-fairs/${u.fair.slug}`;
/** A fair's details as its form sends them (its day apart), the hours holding the fair's talk. */
const FAIR_DETAILS = {
  title: "Autumn careers fair",
  summary: "Employers who sponsor visas, and talks on applying.",
  start: "10:00",
  end: "16:00",
  timeZone: "Europe/London",
  format: "in-person",
  venue: "Student Union, Main Hall",
  joinUrl: "",
};
/** Every admin action, by the page that offers it and its intent (the page alone for its one action, posted with none), with a form that does what it says for the university given. */
const INTENTS: Record<string, Intent> = {
  "/university-dashboard approve": { path: DASHBOARD, form: (u) => ({ id: String(u.requests[0]!.id) }), ok: 303 },
  "/university-dashboard refuse": { path: DASHBOARD, form: (u) => ({ id: String(u.requests[1]!.id) }), ok: 303 },
  "/university-dashboard approve-account": {
    path: DASHBOARD,
    form: (u) => ({ id: String(u.awaiting[0]!.id) }),
    ok: 303,
  },
  "/university-dashboard refuse-account": {
    path: DASHBOARD,
    form: (u) => ({ id: String(u.awaiting[1]!.id) }),
    ok: 303,
  },
  "/university-dashboard invite": {
    path: DASHBOARD,
    form: (u) => ({ emails: `newcomer@${u.university.emailDomains[0]}` }),
    ok: 303,
  },
  "/university-dashboard resend": { path: DASHBOARD, form: (u) => ({ id: String(u.invited[0]!.id) }), ok: 303 },
  "/university-dashboard revoke": { path: DASHBOARD, form: (u) => ({ id: String(u.invited[1]!.id) }), ok: 303 },
  "/university-dashboard deactivate": { path: DASHBOARD, form: (u) => ({ id: String(u.student.id) }), ok: 303 },
  "/university-dashboard reactivate": { path: DASHBOARD, form: (u) => ({ id: String(u.ended.id) }), ok: 303 },
  "/university-dashboard approve-predeparture": {
    path: DASHBOARD,
    form: (u) => ({ id: String(u.predeparture.id) }),
    ok: 303,
  },
  "/university-dashboard enrol": { path: DASHBOARD, form: (u) => ({ id: String(u.predeparture.id) }), ok: 303 },
  "/university-dashboard/employers policy": {
    path: () => "/university-dashboard/employers",
    form: () => ({ policy: "licensed-only" }),
    ok: 303,
  },
  "/university-dashboard/employers block": {
    path: () => "/university-dashboard/employers",
    form: (u) => ({ organisation: String(u.employer.id) }),
    ok: 303,
  },
  "/university-dashboard/employers clear": {
    path: () => "/university-dashboard/employers",
    form: (u) => ({ organisation: String(u.employer.id) }),
    ok: 303,
  },
  "/university-dashboard/employers approve": {
    path: () => "/university-dashboard/employers",
    form: (u) => ({ organisation: String(u.employer.id) }),
    ok: 303,
  },
  "/university-user-profile/account save-account": {
    path: () => "/university-user-profile",
    form: () => ({ name: "Renamed Admin", job_title: "Head of careers" }),
    ok: 303,
  },
  "/university-user-profile/university save-university": {
    path: () => "/university-user-profile/university",
    form: (u) => ({
      name: `${u.university.name} renamed`,
      email_domains: u.university.emailDomains.join("\n"),
      careers_email: "",
      careers_url: "",
    }),
    ok: 303,
  },
  "/university-user-profile/branding save-colour": {
    path: () => "/university-user-profile/branding",
    form: () => ({ brand_colour: "#1d4ed8" }),
    ok: 303,
  },
  "/university-user-profile/branding upload-logo": {
    path: () => "/university-user-profile/branding",
    form: () => ({}),
    upload: "logo",
    ok: 303,
  },
  "/university-user-profile/roster preview-roster": {
    path: () => "/university-user-profile/roster",
    form: () => ({ mode: "partial" }),
    upload: "roster",
    ok: 200,
  },
  "/university-user-profile/api-keys create-key": {
    path: () => "/university-user-profile/api-keys",
    form: () => ({ name: "Nightly export" }),
    ok: 200,
  },
  "/university-user-profile/sso save-sso": {
    path: () => "/university-user-profile/sso",
    form: () => ({
      protocol: "saml",
      idp_metadata_xml: IDP_METADATA,
      attribute_preset: "shibboleth",
      mode: "alongside",
    }),
    ok: 303,
  },
  "/university-user-profile/branding remove-logo": {
    path: () => "/university-user-profile/branding",
    form: () => ({}),
    ok: 303,
  },
  "/career-manual/:university_id preview": {
    path: (u) => `/career-manual/${u.university.slug}`,
    form: () => ({ title: "Draft", body: "Not saved." }),
    ok: 200,
  },
  "/career-manual/:university_id save": {
    path: (u) => `/career-manual/${u.university.slug}`,
    form: () => ({ title: "Visa talks", body: "Every Tuesday." }),
    ok: 303,
  },
  "/career-manual/:university_id delete": {
    path: (u) => `/career-manual/${u.university.slug}`,
    form: (u) => ({ id: String(u.page.id) }),
    ok: 303,
  },
  "/workshop-and-webinars add-workshop": {
    path: () => "/workshop-and-webinars",
    form: () => ({
      title: "Assessment centre rehearsal",
      summary: "A group exercise and a presentation, with feedback from advisers.",
      day: new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10),
      time: "15:00",
      minutes: "90",
      timeZone: "Europe/London",
      format: "in-person",
      venue: "Careers Centre, Room 1.02",
      capacity: "20",
    }),
    ok: 303,
  },
  "/university-dashboard/appointments save-notes": {
    path: () => "/university-dashboard/appointments",
    form: (u) => ({ appointment: String(u.appointment.id), notes: "Came with a draft; follow up in a week." }),
    ok: 303,
  },
  "/university-dashboard/appointments no-show": {
    path: () => "/university-dashboard/appointments",
    form: (u) => ({ appointment: String(u.appointment.id), noShow: "yes" }),
    ok: 303,
  },
  "/university-dashboard/appointments create-feed": {
    path: () => "/university-dashboard/appointments",
    form: () => ({}),
    ok: 200,
  },
  "/university-dashboard/appointments revoke-feed": {
    path: () => "/university-dashboard/appointments",
    form: () => ({}),
    ok: 303,
  },
  "/university-dashboard/appointments/settings mark-adviser": {
    path: () => "/university-dashboard/appointments/settings",
    form: (u) => ({ adviser: String(u.colleague.id) }),
    ok: 303,
  },
  "/university-dashboard/appointments/settings switch-on": {
    path: () => "/university-dashboard/appointments/settings",
    form: (u) => ({ adviser: String(u.formerAdviser.id) }),
    ok: 303,
  },
  "/university-dashboard/appointments/settings switch-off": {
    path: () => "/university-dashboard/appointments/settings",
    form: (u) => ({ adviser: String(u.admin.id) }),
    ok: 303,
  },
  "/university-dashboard/appointments/settings add-kind": {
    path: () => "/university-dashboard/appointments/settings",
    form: () => ({ name: "Mock interview", minutes: "45", description: "", active: "on" }),
    ok: 303,
  },
  "/university-dashboard/appointments/settings save-kind": {
    path: () => "/university-dashboard/appointments/settings",
    form: (u) => ({ kind: String(u.kind.id), name: "CV review", minutes: "40", description: "", active: "on" }),
    ok: 303,
  },
  "/university-dashboard/appointments/settings save-limit": {
    path: () => "/university-dashboard/appointments/settings",
    form: () => ({ limit: "3" }),
    ok: 303,
  },
  "/university-dashboard/appointments/settings/advisers/:id save-adviser": {
    path: (u) => `/university-dashboard/appointments/settings/advisers/${u.admin.id}`,
    form: (u) => ({
      timeZone: "Europe/London",
      ...Object.fromEntries([1, 2, 3, 4, 5, 6, 7].map((d) => [`hours-${d}`, d <= 5 ? "10:00-12:00" : ""])),
      daysOff: "",
      horizonDays: "21",
      noticeHours: "12",
      [`offer-${u.kind.id}`]: "in-person",
      [`location-${u.kind.id}`]: "Careers Centre, room 1.02",
    }),
    ok: 303,
  },
  "/university-dashboard/career-fairs/new": {
    path: () => "/university-dashboard/career-fairs/new",
    form: () => ({ ...FAIR_DETAILS, day: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10) }),
    ok: 303,
  },
  "/university-dashboard/career-fairs/:slug details": {
    path: FAIR,
    form: (u) => ({ ...FAIR_DETAILS, day: zonedParts(u.fair.startsAt, "Europe/London").day }),
    ok: 303,
  },
  "/university-dashboard/career-fairs/:slug add-exhibitor": {
    path: FAIR,
    form: (u) => ({ organisation: String(u.employer.id), name: "" }),
    ok: 303,
  },
  "/university-dashboard/career-fairs/:slug remove-exhibitor": {
    path: FAIR,
    form: (u) => ({ exhibitor: String(u.exhibitor.id) }),
    ok: 303,
  },
  "/university-dashboard/career-fairs/:slug add-talk": {
    path: FAIR,
    form: () => ({
      talkTitle: "Applying for the Graduate visa",
      speaker: "The international student advice team",
      talkStart: "13:00",
      talkEnd: "13:45",
      room: "Room 2",
    }),
    ok: 303,
  },
  "/university-dashboard/career-fairs/:slug remove-talk": {
    path: FAIR,
    form: (u) => ({ talk: String(u.talk.id) }),
    ok: 303,
  },
  "/university-dashboard/career-fairs/:slug/check-in": {
    path: (u) => `/university-dashboard/career-fairs/${u.fair.slug}/check-in`,
    form: (u) => ({ code: shownCode(u.ticket.code) }),
    ok: 200,
  },
  "/workshop-and-webinars cancel-workshop": {
    path: () => "/workshop-and-webinars",
    form: (u) => ({ workshop: String(u.workshop.id) }),
    ok: 303,
  },
  // Last: it deletes the fair the intents above use.
  "/university-dashboard/career-fairs/:slug call-off": {
    path: FAIR,
    form: () => ({ confirm: "yes" }),
    ok: 303,
  },
};

/** Two universities with everything; staff, students and pre-departure students of the first who are not active; what the first holds. */
async function prepare(db: Db) {
  const a = await universityWithEverything(db, "first");
  const b = await universityWithEverything(db, "second");
  const domain = a.university.emailDomains[0]!;
  const of = { universityId: a.university.id };
  // Staff who registered (one from any address), confirmed, and were not, or are no longer, admitted.
  const staff: Record<(typeof INACTIVE)[number], string> = {
    awaiting_approval: (
      await createUser(db, {
        ...of,
        role: "university_admin",
        email: `someone-${domain}@mail.example`,
        ...accountIn("awaiting_approval"),
      })
    ).email,
    refused: (
      await createUser(db, { ...of, role: "university_admin", email: `refused@${domain}`, ...accountIn("refused") })
    ).email,
    expired: (
      await createUser(db, { ...of, role: "university_admin", email: `former@${domain}`, ...accountIn("expired") })
    ).email,
  };
  const people: Record<string, string> = {
    "awaiting student": a.awaiting[0]!.email,
    "refused student": (await createUser(db, { ...of, role: "student", ...accountIn("refused") })).email,
    "expired student": a.ended.email,
    "refused pre-departure student": (
      await createUser(db, {
        ...of,
        role: "predeparture_student",
        email: `pd-refused@${domain}`,
        ...accountIn("refused"),
      })
    ).email,
    "expired pre-departure student": (
      await createUser(db, {
        ...of,
        role: "predeparture_student",
        email: `pd-ended@${domain}`,
        ...accountIn("expired"),
      })
    ).email,
  };
  return { a, b, staff, people, before: await snapshotOf(db, a.university) };
}

let data: Awaited<ReturnType<typeof startServerWithData<Awaited<ReturnType<typeof prepare>>>>>;
let server: TestServer;
let a: Everything;
let b: Everything;
const cookies = new Map<string, string>();

beforeAll(async () => {
  data = await startServerWithData(prepare);
  server = data.server;
  ({ a, b } = data.prepared);
  for (const email of [
    a.admin.email,
    b.admin.email,
    ...Object.values(data.prepared.staff),
    ...Object.values(data.prepared.people),
  ]) {
    cookies.set(email, await loginAs(server, email, "localhost", TEST_PASSWORD));
  }
});
afterAll(() => data?.stop());

const sameSite = { "Sec-Fetch-Site": "same-origin" };
const get = (pathname: string, cookie?: string) => request(server, { path: pathname, cookie });
const ROSTER_CSV =
  "student_id,email,first_name,last_name,course,level,expected_graduation,status\r\nP-1,powers@mail.example,Pat,Powers,Law,,,active";

function post(
  pathname: string,
  form: Record<string, string>,
  cookie: string,
  upload?: Intent["upload"],
): Promise<Reply> {
  if (!upload) return request(server, { path: pathname, form, cookie, headers: sameSite });
  const boundary = "----admin-powers-7f3a";
  const body = [
    ...Object.entries(form).map(
      ([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
    ),
    upload === "logo"
      ? `--${boundary}\r\nContent-Disposition: form-data; name="logo"; filename="logo.svg"\r\nContent-Type: image/svg+xml\r\n\r\n${SVG}\r\n`
      : `--${boundary}\r\nContent-Disposition: form-data; name="roster"; filename="roster.csv"\r\nContent-Type: text/csv\r\n\r\n${ROSTER_CSV}\r\n`,
    `--${boundary}--\r\n`,
  ].join("");
  return request(server, {
    path: pathname,
    body,
    cookie,
    headers: { ...sameSite, "Content-Type": `multipart/form-data; boundary=${boundary}` },
  });
}
const intentsIn = (body: string) =>
  new Set(
    [...body.matchAll(/name="intent"(?: [^>]*?)? value="([\w-]+)"|value="([\w-]+)"(?: [^>]*?)? name="intent"/g)].map(
      (m) => m[1] ?? m[2]!,
    ),
  );
/**
 * What a page offers: the intents its buttons and fields name, and "" when a form posts to the page
 * itself with no intent (a page of one action: a new fair, the door's check-in). The layout's log-out
 * form posts elsewhere, and is everyone's.
 */
function actionsIn(body: string, pathname: string) {
  const own = new URL(pathname, "http://page").pathname;
  const bare = [...body.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/g)].some(
    ([, attributes, fields]) =>
      /\bmethod="post"/.test(attributes!) &&
      /\baction="([^"?#]*)/.exec(attributes!)?.[1] === own &&
      intentsIn(fields!).size === 0,
  );
  return bare ? new Set([...intentsIn(body), ""]) : intentsIn(body);
}
/** The intent an INTENTS key names, as the form sends it: none for a page's one action (its key is the page alone). */
const intentOf = (key: string): { intent?: string } =>
  key.includes(" ") ? { intent: key.slice(key.lastIndexOf(" ") + 1) } : {};

/** The route modules that use the admin helpers or the admins' rule (directly, or through a feature module they import). */
function modulesHoldingAdminPowers(): string[] {
  const calls = (file: string) =>
    /\b(requireUniversityAdmin|universityAdminOf)\(|\bforRole\("university_admin"/.test(fs.readFileSync(file, "utf8"));
  const resolve = (spec: string) =>
    ["", ".ts", ".tsx"]
      .map((ext) => path.join(ROOT, "app", spec.slice(2) + ext))
      .find((f) => fs.existsSync(f) && fs.statSync(f).isFile());
  const modules = [...new Set(PAGE_ROUTES.map((r) => r.module))];
  return modules.filter((module) => {
    const file = path.join(ROOT, "app", module);
    const imported = [
      ...fs.readFileSync(file, "utf8").matchAll(/from "(~\/features\/(?!access\/(require-user|guard))[^"]+)"/g),
    ]
      .map((m) => resolve(m[1]!))
      .filter((f): f is string => !!f);
    return [file, ...imported].some(calls);
  });
}

describe("the admin powers", () => {
  let samples: Record<string, string[]>;
  let samplesB: Record<string, string[]>;

  beforeAll(async () => {
    const chart = /\/analytics-csv\/visa-job\/([\w-]+)\?/.exec(
      (await get("/visa-job-analytics", cookies.get(b.admin.email))).body,
    )?.[1];
    expect(chart).toBeDefined();
    samples = samplesOf(a, chart!);
    samplesB = samplesOf(b, chart!);
  });

  it("are listed here for every university-admin-only route and every route whose module reaches the admin helpers", () => {
    const adminRoutes = PAGE_ROUTES.filter((r) => r.guard === "university-admin-only").map((r) => r.path);
    const viaHelpers = modulesHoldingAdminPowers().flatMap((module) =>
      PAGE_ROUTES.filter((r) => r.module === module).map((r) => r.path),
    );
    expect(new Set(Object.keys(samples))).toEqual(new Set([...adminRoutes, ...ADMIN_PARTS]));
    expect(new Set(viaHelpers)).toEqual(
      new Set([...Object.keys(samples), ...TEST_SIGN_IN_ROUTES, ...CONSOLE_FAIRS_ROUTES]),
    );
  });

  it("are every button the pages offer an active admin (beyond what they offer anyone), and all of them work for that admin", async () => {
    const offered = new Set<string>();
    const admin = cookies.get(b.admin.email)!;
    // A visitor registers for the platform's workshops too: that is nobody's power.
    expect([...intentsIn((await get("/workshop-and-webinars")).body)]).toContain("register");
    for (const [pattern, paths] of Object.entries(samplesB)) {
      for (const pathname of paths) {
        const page = await get(pathname, admin);
        expect(page.status, pathname).toBe(200);
        const anyone = actionsIn((await get(pathname)).body, pathname);
        const key = pattern.startsWith("/university-user-profile")
          ? pathname.replace(
              /\/university-user-profile\/?(\w*)$/,
              (_m, t: string) => `/university-user-profile/${t || "account"}`,
            )
          : pattern;
        for (const intent of actionsIn(page.body, pathname))
          if (!anyone.has(intent)) offered.add(intent ? `${key} ${intent}` : key);
      }
    }
    expect([...offered].sort()).toEqual(Object.keys(INTENTS).sort());

    for (const [key, intent] of Object.entries(INTENTS)) {
      const reply = await post(intent.path(b), { ...intentOf(key), ...intent.form(b) }, admin, intent.upload);
      expect(reply.status, `${key}: ${reply.body.slice(0, 300)}`).toBe(intent.ok);
      if (intent.ok === 303) expect(reply.location, key).not.toBe("/pre-auth-student");
    }
  });

  describe.each(INACTIVE)("of a staff account %s", (state) => {
    const cookie = () => cookies.get(data.prepared.staff[state])!;

    it("are not offered: every admin page sends it to its status, and the workshops page shows no form and nobody's name or address", async () => {
      for (const pathname of Object.values(samples).flat()) {
        const reply = await get(pathname, cookie());
        if (pathname === "/workshop-and-webinars") {
          expect(reply.status).toBe(200);
          expect(reply.body).not.toContain("Add a workshop for your students");
          expect([...intentsIn(reply.body)]).not.toContain("cancel-workshop");
          expect(reply.body).not.toContain(a.attendee.name);
          expect(reply.body).not.toContain(a.attendee.email);
          // Nor the university's own workshops: it is none of the university's people yet.
          expect(reply.body).not.toContain(a.workshop.title);
          continue;
        }
        expect({ pathname, status: reply.status, location: reply.location }).toEqual({
          pathname,
          status: 302,
          location: "/pre-auth-student",
        });
      }
    });

    it.each(Object.keys(INTENTS))("refuses %s and changes nothing", async (key) => {
      const intent = INTENTS[key]!;
      const reply = await post(intent.path(a), { ...intentOf(key), ...intent.form(a) }, cookie(), intent.upload);
      expect([302, 303]).toContain(reply.status);
      expect(reply.location).toBe("/pre-auth-student");
    });
  });

  describe("of students and pre-departure students who are not active", () => {
    const people = () => Object.entries(data.prepared.people);

    it("keep them off their dashboards and the university's own pages", async () => {
      for (const [who, email] of people()) {
        const cookie = cookies.get(email)!;
        const home = who.includes("pre-departure") ? "/jumpstart-dashboard" : "/student-dashboard";
        const profile = who.includes("pre-departure") ? "/jumpstart-edit-profile" : "/edit-profile";
        for (const pathname of [home, profile, `/career-manual/${a.university.slug}`]) {
          expect({ who, pathname, location: (await get(pathname, cookie)).location }).toEqual({
            who,
            pathname,
            location: "/pre-auth-student",
          });
        }
        expect((await post(profile, { name: "Changed Name", email }, cookie)).location, who).toBe("/pre-auth-student");
        if (who.includes("pre-departure")) {
          // The workshops page is open to them, but not the university's own workshops or their joining links.
          const page = await get("/workshop-and-webinars", cookie);
          expect(page.status).toBe(200);
          expect(page.body, who).not.toContain(a.workshop.title);
          expect(
            (await post("/workshop-and-webinars", { intent: "register", workshop: String(a.workshop.id) }, cookie))
              .status,
            who,
          ).toBe(404);
        } else {
          expect(
            (await post("/student-dashboard", { intent: "register-workshop", workshop: String(a.workshop.id) }, cookie))
              .location,
            who,
          ).toBe("/pre-auth-student");
        }
      }
    });
  });

  it("change nothing of the first university's, whoever tried them", async () => {
    const after = await data.stopAndRead((db) => snapshotOf(db, a.university));
    expect(after).toBe(data.prepared.before);
  });
});
