export { workshopLinksContext } from "./context";
