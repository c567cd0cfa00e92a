export { viewerOf } from "./policy";
