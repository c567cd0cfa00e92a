import type { LoaderFunctionArgs } from "react-router";
import { dbContext } from "~/db/context";
import { requireUniversityAdmin } from "~/features/access/require-user.server";
import { STUDENT_CSV_HEADER, allStudents, studentCsvRow, studentFilters } from "~/features/students/list.server";
import { clockContext } from "~/lib/context";
import { csvResponse } from "~/lib/csv";

/** The dashboard's student list as CSV: every student matching its filters, the columns it shows. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { university } = await requireUniversityAdmin(context);
  const asked = studentFilters.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!asked.success)
    return new Response(asked.error.issues[0]?.message ?? "Choose from the lists", {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  const now = context.get(clockContext)();
  const rows = await allStudents(context.get(dbContext), university.id, asked.data, now);
  return csvResponse(`students-${now.toISOString().slice(0, 10)}.csv`, [
    STUDENT_CSV_HEADER,
    ...rows.map(studentCsvRow),
  ]);
}
