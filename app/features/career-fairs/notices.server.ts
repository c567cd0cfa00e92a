import { href } from "react-router";
import type { CareerFair, CareerFairRegistration } from "~/db/schema";
import { composeEmail, greetingFor } from "~/features/email";
import type { OutgoingEmail } from "~/features/email/index.server";
import { whenLabel } from "~/features/workshops/index.server";
import { calendarFile } from "~/lib/icalendar";
import { shownCode } from "./code";

/**
 * The emails of a fair's ticket: one when a student registers or is given a place from the waiting
 * list (the ticket's code, where and when, and the fair in a calendar file), and one when they give
 * their place up or the fair is called off (the calendar file taking it off; those still waiting for
 * a place are told without one). The page still holds the ticket and its QR code; the email is what
 * a student finds again on the day. Times are in the fair's own time zone, as the door and the page
 * give them.
 */

type Fair = Pick<
  CareerFair,
  | "id"
  | "slug"
  | "title"
  | "summary"
  | "startsAt"
  | "endsAt"
  | "timeZone"
  | "format"
  | "venue"
  | "joinUrl"
  | "universityId"
>;
type Ticket = Pick<CareerFairRegistration, "code">;
type Holder = { name: string; email: string; universityId: number | null };
export type TicketNoticeKind = "registered" | "place-came-up" | "place-given-up" | "called-off";

/**
 * The fair as a calendar event, one UID for everyone; `off` (a place given up, the fair called off)
 * is a later version of it that takes it off the person's calendar.
 */
function fairCalendar(fair: Fair, page: string, now: Date, off: boolean) {
  return calendarFile({
    product: "Career fairs",
    method: off ? "CANCEL" : "PUBLISH",
    now,
    events: [
      {
        uid: `career-fair-${fair.id}@career-platform`,
        sequence: off ? 1 : 0,
        cancelled: off,
        when: { start: fair.startsAt, end: fair.endsAt },
        summary: fair.title,
        description: off ? fair.summary : [fair.summary, `Your ticket: ${page}`].join("\n"),
        location: fair.format === "online" ? "Online" : (fair.venue ?? undefined),
        ...(off ? {} : { url: page, alarms: ["P1D"] }),
      },
    ],
  });
}

/** `ticket` is null for a student told from the waiting list (of a fair called off). */
export function ticketNotice(
  kind: TicketNoticeKind,
  fair: Fair,
  holder: Holder,
  ticket: Ticket | null,
  { origin, now }: { origin: string; now: Date },
): OutgoingEmail {
  const page = `${origin}${href("/career-fairs/:slug", { slug: fair.slug })}`;
  const when = whenLabel(fair, fair.timeZone);
  const issued = kind === "registered" || kind === "place-came-up";
  const yourTicket = [
    fair.format === "online"
      ? "It is online: the link to join is on the fair's page, with your ticket."
      : `It takes place at ${fair.venue}. Your ticket's code is ${ticket ? shownCode(ticket.code) : ""}: show the QR code on the fair's page at the door, or give the code.`,
    "The calendar file attached adds the fair to your calendar.",
  ];
  const content = {
    registered: {
      subject: "Your ticket",
      paragraphs: [`You have a place at ${fair.title}, on ${when}.`, ...yourTicket],
      action: { label: "Your ticket", url: page },
    },
    "place-came-up": {
      subject: "A place came up",
      paragraphs: [
        `A place came up at ${fair.title}, on ${when}, and it is yours: you were next on its waiting list.`,
        ...yourTicket,
        "If you can no longer go, give the place up on the fair's page, so that the next student gets it.",
      ],
      action: { label: "Your ticket", url: page },
    },
    "place-given-up": {
      subject: "Place given up",
      paragraphs: [
        `You have given up your place at ${fair.title}, on ${when}. The calendar file attached takes it off your calendar.`,
        "You can register again while the fair is open.",
      ],
      action: { label: "The fair's page", url: page },
    },
    "called-off": {
      subject: "Called off",
      paragraphs: [
        ticket
          ? `We are sorry: ${fair.title}, on ${when}, has been called off, and your ticket with it. The calendar file attached takes it off your calendar.`
          : `We are sorry: ${fair.title}, on ${when}, has been called off, and its waiting list with it.`,
      ],
      action: { label: "Other career fairs", url: `${origin}${href("/career-fairs")}` },
    },
  }[kind];
  return {
    kind: kind === "registered" ? "career-fair-ticket" : `career-fair-${kind}`,
    to: holder.email,
    universityId: holder.universityId,
    email: composeEmail({
      subject: `${content.subject}: ${fair.title}`,
      greeting: greetingFor(holder.name),
      paragraphs: content.paragraphs,
      action: content.action,
    }),
    // Only a ticket was on the student's calendar, to be taken off.
    attachments: ticket
      ? [
          {
            filename: issued ? "career-fair.ics" : "career-fair-cancelled.ics",
            contentType: `text/calendar; charset=utf-8; method=${issued ? "PUBLISH" : "CANCEL"}`,
            content: fairCalendar(fair, page, now, !issued),
          },
        ]
      : undefined,
  };
}
