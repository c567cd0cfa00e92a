export { StudentList } from "./components/student-list";
export { STUDENT_STATUSES } from "./labels";
