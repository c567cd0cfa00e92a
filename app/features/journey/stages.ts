import type { EventKind } from "~/db/schema/event-values";

/**
 * The journey from arrival to a sponsored job, as data: stages of steps, each ticked by a record of
 * the person's own (an event of a kind, or their profile) or, where nothing records it, by hand.
 */
export type Step = {
  id: string;
  title: string;
  /** Where to do it. */
  link: string;
  done: { event: EventKind } | { profile: "complete" | "visa-dates" } | { manual: true };
};

export type Stage = { id: string; title: string; steps: Step[] };

export const STAGES: readonly Stage[] = [
  {
    id: "settle-in",
    title: "Settle in",
    steps: [
      {
        id: "bank-account",
        title: "Open a UK bank account",
        link: "/jumpstart/resources#open-a-uk-bank-account",
        done: { manual: true },
      },
      {
        id: "ni-number",
        title: "Apply for a National Insurance number",
        link: "/jumpstart/resources#national-insurance-number-and-right-to-work",
        done: { manual: true },
      },
      {
        id: "careers-service",
        title: "Meet your university's careers service",
        link: "/jumpstart/resources#use-your-careers-service-from-day-one",
        done: { manual: true },
      },
    ],
  },
  {
    id: "profile",
    title: "Build your profile",
    steps: [
      { id: "profile-complete", title: "Complete your profile", link: "/edit-profile", done: { profile: "complete" } },
      {
        id: "visa-dates",
        title: "Add your visa and course dates",
        link: "/edit-profile",
        done: { profile: "visa-dates" },
      },
    ],
  },
  {
    id: "first-cv",
    title: "Your first CV",
    steps: [
      { id: "cv-created", title: "Create a CV", link: "/choose-template", done: { event: "cv.created" } },
      { id: "cv-checked", title: "Check it against a job", link: "/my-cvs", done: { event: "cv.ats_checked" } },
      { id: "cv-exported", title: "Download it to send", link: "/my-cvs", done: { event: "cv.exported" } },
    ],
  },
  {
    id: "applications",
    title: "Applications",
    steps: [
      { id: "job-saved", title: "Save the jobs you want", link: "/jobs", done: { event: "job.saved" } },
      { id: "job-applied", title: "Apply for a job", link: "/jobs", done: { event: "job.applied" } },
    ],
  },
  {
    id: "interviews",
    title: "Interviews",
    steps: [
      {
        id: "video-watched",
        title: "Watch a career video to the end",
        link: "/cih/standard",
        done: { event: "video.completed" },
      },
      {
        id: "course-completed",
        title: "Finish a premium career course",
        link: "/cih/premium",
        done: { event: "course.completed" },
      },
      {
        id: "interview-practised",
        title: "Practise an interview with your careers service",
        link: "/workshop-and-webinars",
        done: { manual: true },
      },
    ],
  },
  {
    id: "offer",
    title: "An offer",
    steps: [
      {
        id: "offer-checked",
        title: "Check an offer for Skilled Worker sponsorship",
        link: "/check-a-job-offer",
        done: { manual: true },
      },
      { id: "offer-accepted", title: "Accept an offer", link: "/jobs", done: { manual: true } },
    ],
  },
  {
    id: "visa-switch",
    title: "The visa switch",
    steps: [
      {
        id: "visa-dates-read",
        title: "Know your visa's deadlines",
        link: "/my-journey#clock-heading",
        done: { manual: true },
      },
      {
        id: "switch-applied",
        title: "Apply to switch to a Skilled Worker visa",
        link: "https://www.gov.uk/skilled-worker-visa/switch-to-this-visa",
        done: { manual: true },
      },
    ],
  },
];

/** Before travelling (/jumpstart-dashboard): steps no record ticks, ticked by hand. */
export const PREDEPARTURE_STEPS: readonly Step[] = [
  {
    id: "offer-and-cas",
    title: "Accept your offer and get your CAS from your university",
    link: "https://www.gov.uk/student-visa",
    done: { manual: true },
  },
  {
    id: "visa-applied",
    title: "Apply for your Student visa",
    link: "https://www.gov.uk/student-visa/apply",
    done: { manual: true },
  },
  {
    id: "evisa-ready",
    title: "Set up your UKVI account to see your eVisa",
    link: "/jumpstart/resources#national-insurance-number-and-right-to-work",
    done: { manual: true },
  },
  { id: "accommodation", title: "Arrange where you will live", link: "/jumpstart/resources", done: { manual: true } },
  {
    id: "bank-plan",
    title: "Plan how you will open a UK bank account",
    link: "/jumpstart/resources#open-a-uk-bank-account",
    done: { manual: true },
  },
  {
    id: "arrival",
    title: "Book your travel and your arrival",
    link: "/jumpstart/resources#documents-to-bring-for-job-hunting",
    done: { manual: true },
  },
];

export const MANUAL_STEPS = new Set(
  [...STAGES.flatMap((s) => s.steps), ...PREDEPARTURE_STEPS]
    .filter((step) => "manual" in step.done)
    .map((step) => step.id),
);

export type Facts = {
  events: ReadonlySet<string>;
  profileComplete: boolean;
  visaDates: boolean;
  ticked: ReadonlySet<string>;
};

/** Each stage with its steps ticked from the person's records and hand ticks, and how many are done. */
export function journeyOf(facts: Facts) {
  return STAGES.map((stage) => {
    const steps = stage.steps.map((step) => {
      const d = step.done;
      const done =
        "event" in d
          ? facts.events.has(d.event)
          : "profile" in d
            ? d.profile === "complete"
              ? facts.profileComplete
              : facts.visaDates
            : facts.ticked.has(step.id);
      return { id: step.id, title: step.title, link: step.link, manual: "manual" in d, done };
    });
    return { id: stage.id, title: stage.title, steps, done: steps.filter((s) => s.done).length };
  });
}
