import { Form } from "react-router";
import { Link } from "~/components/link";
import { DayChooser } from "~/components/day-chooser";
import { ErrorSummary, RadioGroup, SubmitButton } from "~/components/form";
import { TimeZoneForm } from "~/components/time-zone-form";
import { errorList } from "~/lib/validation";
import type { AppointmentsAnswer, AppointmentsPageData } from "../appointments-page.server";
import { APPOINTMENTS_PATH } from "../paths";
import { MOVE_FIELDS } from "../values";

/** /appointments?move={id}: the other free times of the appointment's adviser for its kind, by day, to move it to. */
export function MoveAppointment({
  moving,
  zone,
  zones,
  days,
  day,
  answer,
  dayHref,
}: Pick<AppointmentsPageData, "zone" | "zones" | "days" | "day"> & {
  moving: NonNullable<AppointmentsPageData["moving"]>;
  answer: AppointmentsAnswer | undefined;
  dayHref: (day: string) => string;
}) {
  const errors = answer?.move?.fieldErrors ?? {};
  return (
    <section aria-labelledby="move-heading" className="mt-10">
      <h2 id="move-heading" className="text-xl font-semibold">
        {`Move your ${moving.kind} with ${moving.adviser}`}
      </h2>
      <p className="mt-2">
        {`It is on ${moving.when}. Choose another time with ${moving.adviser}: your current time is free for someone else once you move.`}
      </p>
      <TimeZoneForm zone={zone} zones={zones} keep={{ move: String(moving.id) }} />
      {days.length === 0 ? (
        <p className="mt-6">{`${moving.adviser} has no other free time for now. Please look again in a few days.`}</p>
      ) : (
        <DayChooser
          days={days}
          current={day?.day}
          hrefFor={dayHref}
          label="Days with free times"
          counted="free"
          heading="h3"
        />
      )}
      {day ? (
        <Form method="post" className="mt-6 space-y-4">
          <ErrorSummary formError={answer?.move?.formError} fields={errorList(errors, MOVE_FIELDS)} answer={answer} />
          <input type="hidden" name="intent" value="move" />
          <input type="hidden" name="appointment" value={moving.id} />
          <input type="hidden" name="tz" value={zone} />
          <RadioGroup
            name="start"
            legend={`Times on ${day.label}`}
            hint={`Your ${moving.kind} lasts ${moving.minutes} minutes. Times are in ${zone.replaceAll("_", " ")}.`}
            options={day.times}
            checked={answer?.move?.values?.start}
            error={errors.start}
          />
          <SubmitButton>Move the appointment</SubmitButton>
        </Form>
      ) : null}
      <p className="mt-4">
        <Link to={`${APPOINTMENTS_PATH}?${new URLSearchParams({ tz: zone })}`} className="text-brand underline">
          Keep it as it is
        </Link>
      </p>
    </section>
  );
}
