import type { workshops } from "../schema";

type NewWorkshop = typeof workshops.$inferInsert;

/** `hour` o'clock UTC, `days` after `now`'s day. */
const at = (now: Date, days: number, hour: number) =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + days, hour));

/**
 * The demo's workshops, around the day it is made: the platform's webinars over the next weeks,
 * one that is nearly full, one for Demo University's students only, and two past ones with their
 * recordings in the career video hub.
 */
export function demoWorkshops(now: Date, demoUniversityId: number | undefined): NewWorkshop[] {
  const hour = 60 * 60_000;
  const event = (
    days: number,
    startHour: number,
    hours: number,
    w: Omit<NewWorkshop, "startsAt" | "endsAt" | "timeZone">,
  ): NewWorkshop => {
    const startsAt = at(now, days, startHour);
    return { ...w, startsAt, endsAt: new Date(startsAt.getTime() + hours * hour), timeZone: "Europe/London" };
  };
  return [
    event(5, 13, 1, {
      slug: "finding-a-sponsoring-employer",
      title: "Finding an employer that can sponsor you",
      summary:
        "How to use the register of licensed sponsors, read a job advert for sponsorship and ask the question at the right moment. With time for your questions.",
      format: "online",
      joinUrl: "https://meet.example.org/sponsoring-employers",
      capacity: 200,
    }),
    event(9, 17, 1, {
      slug: "uk-cv-clinic",
      title: "UK CV clinic: two pages that get read",
      summary:
        "Bring your CV: we look at layout, achievements and what UK employers skip. A small group, so everyone gets feedback.",
      format: "online",
      joinUrl: "https://meet.example.org/cv-clinic",
      capacity: 12,
    }),
    event(16, 12, 1.5, {
      slug: "graduate-route-explained",
      title: "The Graduate route explained",
      summary:
        "Who can apply, when to apply, what it costs and what changes for applications from 1 January 2027, with the official sources.",
      format: "online",
      joinUrl: "https://meet.example.org/graduate-route",
      capacity: 300,
    }),
    ...(demoUniversityId
      ? [
          event(12, 14, 2, {
            slug: "demo-university-interview-practice",
            title: "Interview practice with the careers service",
            summary:
              "Practise a competency interview with an adviser and get feedback on your STAR answers. For Demo University students.",
            format: "in-person" as const,
            venue: "Careers Centre, Room 2.14, Demo University",
            capacity: 20,
            universityId: demoUniversityId,
          }),
        ]
      : []),
    event(-20, 13, 1, {
      slug: "star-interview-answers-webinar",
      title: "STAR answers for competency interviews",
      summary:
        "The webinar on structuring interview answers with the STAR method, with examples from graduate schemes.",
      format: "online",
      capacity: 300,
      recordingUrl: "/cih/standard/star-interview-answers",
    }),
    event(-41, 13, 1, {
      slug: "working-hours-student-visa-webinar",
      title: "Working hours on a Student visa",
      summary: "What counts as a working hour, the term-time limit and what changes when your course ends.",
      format: "online",
      capacity: 300,
      recordingUrl: "/cih/standard/working-hours-on-a-student-visa",
    }),
  ];
}
