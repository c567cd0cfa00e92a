export { FreshCodeField } from "./components/fresh-code-field";
