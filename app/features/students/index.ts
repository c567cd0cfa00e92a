export { StudentList } from "./components/student-list";
