export { type BookingRequest, TAKEN, bookAppointment, timesFor } from "./booking.server";
