import { type CvSettings, PRESENT } from "./document";

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/** A stored date ("2024", "2024-09", "2024-09-15") as the CV's setting writes it; a day is not printed. */
export function formatDate(value: string, format: CvSettings["dateFormat"]): string {
  if (!value) return "";
  if (value === PRESENT) return "Present";
  const [year, month] = value.split("-");
  if (!month) return year!;
  const m = Number(month);
  switch (format) {
    case "MMMM YYYY":
      return `${MONTHS[m - 1]} ${year}`;
    case "MM/YYYY":
      return `${month}/${year}`;
    case "YYYY-MM":
      return `${year}-${month}`;
    default:
      return `${MONTHS[m - 1]!.slice(0, 3)} ${year}`;
  }
}

/** "Sep 2022 – Present", "2019 – 2022", "Sep 2022" (no end), or "" with no dates. */
export function formatRange(start: string, end: string, format: CvSettings["dateFormat"]): string {
  const from = formatDate(start, format);
  const to = formatDate(end, format);
  if (from && to) return `${from} – ${to}`;
  return from || to;
}
