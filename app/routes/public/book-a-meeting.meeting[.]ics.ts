import { type LoaderFunctionArgs, data } from "react-router";
import { dbContext } from "~/db/context";
import { siteOrigin } from "~/features/access/site-url.server";
import { bookingOf, meetingCalendar } from "~/features/meetings/booking.server";
import { meetingLinksContext } from "~/features/meetings/context";
import { clockContext } from "~/lib/context";

/** A booked meeting as a calendar file, from the signed link of its page (the same as the email's attachment). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const links = context.get(meetingLinksContext);
  const booking = await bookingOf(
    context.get(dbContext),
    links,
    Number(url.searchParams.get("booking")),
    url.searchParams.get("sig"),
  );
  if (!booking) throw data("This link is not valid: open the one in your confirmation email.", { status: 404 });
  const body = meetingCalendar(booking, { links, origin: siteOrigin(context), now: context.get(clockContext)() });
  return new Response(body, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": 'attachment; filename="meeting.ics"',
      "Cache-Control": "private, no-store",
    },
  });
}
