export { type BookingRequest, TAKEN, bookAppointment, cancelAppointment, timesFor } from "./booking.server";
