export { audienceOf } from "./reach";
