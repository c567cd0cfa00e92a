import { bookingPageAction, loadBookingPage } from "~/features/meetings/booking-page.server";
import { BookAMeetingPage } from "~/features/meetings/components/book-a-meeting-page";
import { pageTitle } from "~/lib/meta";
import type { Route } from "./+types/book-a-meeting";

export const loader = ({ url, context }: Route.LoaderArgs) => loadBookingPage(url, context);

export const action = ({ request, url, context }: Route.ActionArgs) => bookingPageAction(request, url, context);

export function meta({ loaderData }: Route.MetaArgs) {
  const tags = [
    { title: pageTitle(loaderData?.booking ? "Your meeting" : "Book a meeting") },
    {
      name: "description",
      content: "Book a 30-minute online meeting with our team, at a time shown in your own time zone.",
    },
  ];
  // A booking's page is reached only through its signed link.
  return loaderData?.booking ? [...tags, { name: "robots", content: "noindex" }] : tags;
}

export { mergeRouteHeaders as headers } from "~/lib/headers";

export default function BookAMeeting({ loaderData, actionData }: Route.ComponentProps) {
  return <BookAMeetingPage data={loaderData} form={actionData} />;
}
