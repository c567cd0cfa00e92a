export const APPOINTMENTS_PATH = "/appointments";
