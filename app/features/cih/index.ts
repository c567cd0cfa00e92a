export { viewerOf } from "./policy";
export { spokenLength } from "./components/labels";
