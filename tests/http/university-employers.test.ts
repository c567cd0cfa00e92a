import { asc, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "~/db/client.server";
import { auditLog, universities, universityEmployers } from "~/db/schema";
import {
  TEST_PASSWORD,
  accountIn,
  createEmployerOrganisation,
  createJobPosting,
  createUniversity,
  createUser,
} from "../support/factories";
import { type TestServer, loginAs, request, startServerWithData } from "./harness";

// Universities choose which employers reach their students (issue 31): the employers page of a
// university's admins, its policy and per-employer decisions (audited), and their effect on job search:
// a blocked employer's jobs leave that university's students' searches, and nobody else's.

const PAGE = "/university-dashboard/employers";

async function prepare(db: Db) {
  const [mine, other] = [await createUniversity(db), await createUniversity(db)];
  const person = async (role: "student" | "university_admin", universityId: number) =>
    (await createUser(db, { role, universityId, ...accountIn("active") })).email;
  const people = {
    admin: await person("university_admin", mine.id),
    otherAdmin: await person("university_admin", other.id),
    student: await person("student", mine.id),
    otherStudent: await person("student", other.id),
  };
  const quill = await createEmployerOrganisation(db, { name: "Quillfeather Analytics" });
  const lark = await createEmployerOrganisation(db, { name: "Larkspur Robotics", registerOrgKey: "larkspur-robotics" });
  const waiting = await createEmployerOrganisation(db, {
    name: "Waiting Widgets",
    verifiedAt: null,
    verification: null,
  });
  await createJobPosting(db, { title: "Quillfeather data engineer", employerOrganisationId: quill.id });
  await createJobPosting(db, { title: "Larkspur quillfeather robot tester", employerOrganisationId: lark.id });
  await createJobPosting(db, { title: "Quillfeather feed analyst", employerName: "Feed Analytics" });
  return { mine, other, people, quill, lark, waiting };
}

let server: TestServer;
let prepared: Awaited<ReturnType<typeof prepare>>;
let stopAndRead: <R>(read: (db: Db) => Promise<R>) => Promise<R>;
const cookies: Record<string, string> = {};

beforeAll(async () => {
  ({ server, prepared, stopAndRead } = await startServerWithData(prepare, { DEMO_JOBS: "0" }));
  for (const [who, email] of Object.entries(prepared.people))
    cookies[who] = await loginAs(server, email, "localhost", TEST_PASSWORD);
});
afterAll(() => server?.stop());

const get = (path: string, who?: string) => request(server, { path, cookie: who ? cookies[who] : undefined });
const post = (form: Record<string, string>, who: string, path = PAGE) =>
  request(server, {
    path,
    form,
    cookie: cookies[who],
    headers: { Origin: server.origin, "Sec-Fetch-Site": "same-origin" },
  });
const jobsFound = async (who?: string) => {
  const { body, status } = await get("/jobs?q=quillfeather", who);
  expect(status).toBe(200);
  return ["Quillfeather data engineer", "Larkspur quillfeather robot tester", "Quillfeather feed analyst"].filter((t) =>
    body.includes(t),
  );
};
const ALL = ["Quillfeather data engineer", "Larkspur quillfeather robot tester", "Quillfeather feed analyst"];
/** The policy the page's form has chosen. */
const checkedPolicy = (body: string) =>
  [...body.matchAll(/<input[^>]*name="policy"[^>]*>/g)]
    .map((m) => m[0])
    .filter((input) => input.includes("checked"))
    .map((input) => /value="([\w-]+)"/.exec(input)?.[1]);
/** The row of an employer on the page: its cells' text. */
const rowOf = (body: string, name: string) => {
  const row = body.split("<tr").find((r) => r.includes(name));
  return row ? row.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ") : null;
};

describe("/university-dashboard/employers", () => {
  it("shows the admin the verified employers, their open jobs and the university's policy, searchable", async () => {
    const page = await get(PAGE, "admin");
    expect(page.status).toBe(200);
    expect(page.headers["cache-control"]).toMatch(/private|no-store/);
    expect(rowOf(page.body, "Quillfeather Analytics")).toMatch(/Quillfeather Analytics .* No 1 No decision Yes/);
    expect(rowOf(page.body, "Larkspur Robotics")).toMatch(/Larkspur Robotics .* Yes 1 No decision Yes/);
    expect(page.body).not.toContain("Waiting Widgets");
    expect(checkedPolicy(page.body)).toEqual(["all-verified"]);
    const found = await get(`${PAGE}?q=larkspur`, "admin");
    expect(found.body).toContain("Larkspur Robotics");
    expect(found.body).not.toContain("Quillfeather Analytics");
  });

  it("is no student's page, and a student's post changes nothing", async () => {
    const page = await get(PAGE, "student");
    expect([page.status, page.location]).toEqual([302, "/student-dashboard"]);
    const tried = await post({ intent: "block", organisation: String(prepared.quill.id) }, "student");
    expect([302, 303]).toContain(tried.status);
    expect(tried.location).toBe("/student-dashboard");
    expect(await jobsFound("student")).toEqual(ALL);
  });

  it("refuses bad input with 400 (an unknown employer 404), storing nothing", async () => {
    const badPolicy = await post({ intent: "policy", policy: "everyone" }, "admin");
    expect(badPolicy.status).toBe(400);
    expect(badPolicy.body).toContain("Choose which employers&#x27; jobs your students see");
    expect((await post({ intent: "policy" }, "admin")).status).toBe(400);
    expect((await post({ intent: "block", organisation: "quill" }, "admin")).status).toBe(400);
    expect((await post({ intent: "block" }, "admin")).status).toBe(400);
    expect((await post({ intent: "shred", organisation: String(prepared.quill.id) }, "admin")).status).toBe(400);
    expect((await post({ intent: "approve", organisation: String(prepared.waiting.id) }, "admin")).status).toBe(404);
    const page = await get(PAGE, "admin");
    expect(checkedPolicy(page.body)).toEqual(["all-verified"]);
    expect(rowOf(page.body, "Quillfeather Analytics")).toContain("No decision");
  });

  it("blocks an employer: its jobs leave this university's students' search only; feed jobs stay", async () => {
    const blocked = await post(
      { intent: "block", organisation: String(prepared.quill.id) },
      "admin",
      `${PAGE}?q=quill`,
    );
    expect([blocked.status, blocked.location]).toEqual([303, `${PAGE}?q=quill`]);
    expect(rowOf((await get(PAGE, "admin")).body, "Quillfeather Analytics")).toMatch(/Blocked No/);

    expect(await jobsFound("student")).toEqual(["Larkspur quillfeather robot tester", "Quillfeather feed analyst"]);
    const api = JSON.parse((await get("/api/jobs?q=quillfeather", "student")).body) as {
      total: number;
      results: { title: string }[];
    };
    expect(api.results.map((r) => r.title).sort()).toEqual([
      "Larkspur quillfeather robot tester",
      "Quillfeather feed analyst",
    ]);
    expect(await jobsFound("otherStudent")).toEqual(ALL);
    expect(await jobsFound()).toEqual(ALL);
    // A job landing page (its London jobs, newest first) too.
    expect((await get("/jobs-in-london", "student")).body).not.toContain("Quillfeather data engineer");
    expect((await get("/jobs-in-london")).body).toContain("Quillfeather data engineer");
    // The dashboard's recommendations (the newest jobs, for a student who has told us nothing) too.
    expect((await get("/student-dashboard", "student")).body).not.toContain("Quillfeather data engineer");
    expect((await get("/student-dashboard", "otherStudent")).body).toContain("Quillfeather data engineer");
    expect(await jobsFound("otherAdmin")).toEqual(ALL);
  });

  it("keeps each university's decisions its own: another university's admin neither sees nor changes them", async () => {
    const theirs = await get(PAGE, "otherAdmin");
    expect(rowOf(theirs.body, "Quillfeather Analytics")).toContain("No decision");
    // Their buttons act on their own university: clearing theirs leaves the first university's block in place.
    expect((await post({ intent: "clear", organisation: String(prepared.quill.id) }, "otherAdmin")).status).toBe(303);
    expect((await post({ intent: "policy", policy: "approved-only" }, "otherAdmin")).status).toBe(303);
    expect(rowOf((await get(PAGE, "admin")).body, "Quillfeather Analytics")).toMatch(/Blocked No/);
    expect(checkedPolicy((await get(PAGE, "admin")).body)).toEqual(["all-verified"]);
    expect(await jobsFound("student")).toEqual(["Larkspur quillfeather robot tester", "Quillfeather feed analyst"]);
    // Under "only the employers we approve", the other university's students see feed jobs alone.
    expect(await jobsFound("otherStudent")).toEqual(["Quillfeather feed analyst"]);
  });

  it("changes the policy to licensed sponsors only, and clears a decision back to the policy", async () => {
    const changed = await post({ intent: "policy", policy: "licensed-only" }, "admin");
    expect(changed.status).toBe(303);
    expect(checkedPolicy((await get(PAGE, "admin")).body)).toEqual(["licensed-only"]);
    expect((await post({ intent: "clear", organisation: String(prepared.quill.id) }, "admin")).status).toBe(303);
    // Quillfeather holds no licence: cleared, the policy still keeps it from the students.
    expect(rowOf((await get(PAGE, "admin")).body, "Quillfeather Analytics")).toMatch(/No decision No/);
    expect(await jobsFound("student")).toEqual(["Larkspur quillfeather robot tester", "Quillfeather feed analyst"]);
    expect((await post({ intent: "approve", organisation: String(prepared.quill.id) }, "admin")).status).toBe(303);
    expect(await jobsFound("student")).toEqual(ALL);
  });

  it("audited every change, with its university, and stored nothing for the refused posts", async () => {
    const { mine, other, quill } = prepared;
    const { entries, decisions, policies } = await stopAndRead(async (db) => ({
      entries: await db
        .select()
        .from(auditLog)
        .where(inArray(auditLog.universityId, [mine.id, other.id]))
        .orderBy(asc(auditLog.id)),
      decisions: await db
        .select()
        .from(universityEmployers)
        .where(eq(universityEmployers.employerOrganisationId, quill.id)),
      policies: await db
        .select({ id: universities.id, policy: universities.employerPolicy })
        .from(universities)
        .where(inArray(universities.id, [mine.id, other.id]))
        .orderBy(asc(universities.id)),
    }));
    expect(entries.map((e) => [e.universityId, e.action, e.targetId, e.changes])).toEqual([
      [mine.id, "university_employer.blocked", String(quill.id), { decision: { before: null, after: "blocked" } }],
      [
        other.id,
        "university.employer_policy_changed",
        String(other.id),
        { employerPolicy: { before: "all-verified", after: "approved-only" } },
      ],
      [
        mine.id,
        "university.employer_policy_changed",
        String(mine.id),
        { employerPolicy: { before: "all-verified", after: "licensed-only" } },
      ],
      [mine.id, "university_employer.cleared", String(quill.id), { decision: { before: "blocked", after: null } }],
      [mine.id, "university_employer.approved", String(quill.id), { decision: { before: null, after: "approved" } }],
    ]);
    expect(decisions.map((d) => [d.universityId, d.decision])).toEqual([[mine.id, "approved"]]);
    expect(policies.map((p) => p.policy)).toEqual(["licensed-only", "approved-only"]);
  });
});
