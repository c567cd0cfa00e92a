export { type Availability } from "./availability";
export { type Slot, openSlots, slotLabel } from "./slots";
