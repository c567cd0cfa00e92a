export { EBOOKS } from "./catalogue";
