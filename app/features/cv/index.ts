export { FONT_FAMILY } from "./templates/fonts";
