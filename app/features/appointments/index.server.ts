export {
  type BookingRequest,
  TAKEN,
  adviserPanel,
  bookAppointment,
  cancelAppointment,
  timesFor,
} from "./booking.server";
export { bookDemoAppointments } from "./demo.server";
export { tellOfAppointmentsOnDeletion } from "./account-deletion.server";
