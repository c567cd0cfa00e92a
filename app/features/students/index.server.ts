export {
  STUDENT_CSV_HEADER,
  allStudents,
  filterChoices,
  listStudents,
  setStudentAccess,
  studentCsvRow,
  studentFilters,
} from "./list.server";
