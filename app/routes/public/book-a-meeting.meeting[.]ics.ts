import { meetingCalendarFile } from "~/features/meetings/booking-page.server";
import type { Route } from "./+types/book-a-meeting.meeting[.]ics";

export const loader = ({ url, context }: Route.LoaderArgs) => meetingCalendarFile(url, context);
