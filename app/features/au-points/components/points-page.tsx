import { useState } from "react";
import { Form, useFetcher, useLocation } from "react-router";
import { ErrorSummary } from "~/components/form";
import { useHydrated } from "~/lib/use-hydrated";
import { usePageView } from "~/lib/use-page-view";
import { errorList } from "~/lib/validation";
import type { ActionAnswer } from "../actions.server";
import { calculatePoints } from "../calculate";
import { improvementHints } from "../hints";
import type { PointsPageData } from "../page.server";
import { POINTS_PATH, pointsHref } from "../paths";
import { ruleSetFor } from "../rules";
import { ANSWER_NAMES, type AnswerName, type FieldErrors, parseAnswers, rawAnswersFrom } from "../schema";
import { AnswersFields } from "./answers-fields";
import { ResultPanel } from "./result-panel";
import { type SavedItem, SavedResults } from "./saved-results";

const REQUIRED: { name: AnswerName; label: string }[] = [
  { name: "dateOfBirth", label: "date of birth" },
  { name: "english", label: "English language ability" },
  { name: "partner", label: "partner" },
];

/** The calculator's page; `postAnswer` is the answer of a save or delete posted without the script. */
export function PointsPage({ data, postAnswer }: { data: PointsPageData; postAnswer: ActionAnswer | null }) {
  const location = useLocation();
  usePageView(data.view);
  // A new navigation (a shared or saved link, a form submitted without the script) starts from its URL.
  return (
    <Calculator
      key={location.key}
      search={location.search}
      today={data.today}
      saved={data.saved}
      postAnswer={postAnswer}
    />
  );
}

function Calculator({
  search,
  today,
  saved,
  postAnswer,
}: {
  search: string;
  today: string;
  saved: SavedItem[];
  postAnswer: ActionAnswer | null;
}) {
  const [initial] = useState(() => rawAnswersFrom(new URLSearchParams(search)));
  const [raw, setRaw] = useState(initial);
  const [edited, setEdited] = useState(false);
  // Which link was copied: the message goes once the answers (and so the link) change.
  const [copied, setCopied] = useState<{ href: string; message: string } | null>(null);
  const hydrated = useHydrated();
  const saveFetcher = useFetcher<ActionAnswer>();

  const rules = ruleSetFor(today)!;
  const validation = parseAnswers(raw, today);
  const answers = validation.success ? validation.data : null;
  const result = answers ? calculatePoints(answers) : null;
  const hints = answers ? improvementHints(answers, ruleSetFor(answers.invitationDate)!) : [];
  const allErrors: FieldErrors = validation.success ? {} : validation.fieldErrors;
  // A submitted form (or an opened link) shows every problem; while answering, a question not yet
  // reached is not an error, only a wrong answer is.
  const submitted = ANSWER_NAMES.some((n) => initial[n] !== "") && !edited;
  const missing = REQUIRED.filter((r) => raw[r.name] === "");
  const errors: FieldErrors = submitted
    ? allErrors
    : Object.fromEntries(Object.entries(allErrors).filter(([f]) => !missing.some((m) => m.name === f)));
  const summary = errorList(errors, ANSWER_NAMES);
  const href = pointsHref(raw);

  const onChange = (event: React.FormEvent<HTMLFormElement>) => {
    const next = rawAnswersFrom(new FormData(event.currentTarget));
    setRaw(next);
    setEdited(true);
    // The URL follows the answers so that it can be shared or bookmarked; React Router's own
    // history state is kept so that Back still works.
    window.history.replaceState(window.history.state, "", pointsHref(next));
  };

  const copyLink = async () => {
    try {
      await navigator.clipboard.writeText(new URL(href, window.location.origin).toString());
      setCopied({ href, message: "Link copied. Anyone logged in can open it to see this result." });
    } catch {
      setCopied({ href, message: "Your browser did not let us copy. Copy the link below instead." });
    }
  };

  const status = saveFetcher.data?.message ?? postAnswer?.message ?? "";
  const statusOk = saveFetcher.data?.ok ?? postAnswer?.ok ?? true;

  return (
    // print-bare (app.css): the site's header and footer stay off paper; the result prints on its own.
    <div className="print-bare">
      <h1 className="text-3xl font-bold">Skilled migration points calculator (Australia)</h1>
      <p className="mt-2 max-w-3xl text-muted print:hidden">
        Answer the questions to see your points for the Skilled Independent (189), Skilled Nominated (190) and Skilled
        Work Regional (491) visas. Your points update as you answer.
      </p>
      {submitted ? <ErrorSummary fields={summary} answer={initial} /> : null}
      <div className="mt-6 grid gap-10 lg:grid-cols-2 print:block">
        <Form
          method="get"
          action={POINTS_PATH}
          onChange={onChange}
          noValidate
          className="space-y-6 print:hidden"
          aria-label="Your answers"
        >
          <AnswersFields rules={rules} values={raw} errors={errors} />
          <button type="submit" className="rounded border-2 border-brand px-4 py-2 font-semibold text-brand">
            Show my points
          </button>
        </Form>

        <section aria-labelledby="result-heading" className="lg:sticky lg:top-4 lg:self-start">
          <h2 id="result-heading" className="text-2xl font-bold">
            Your result
          </h2>
          {/* Screen readers hear the short news of each change, not the whole table again. */}
          <p aria-live="polite" className="sr-only">
            {result
              ? `${result.total} points. ${result.subclasses.map((s) => `${s.subclass}: ${s.eligible ? "meets" : "does not meet"} the pass mark`).join(". ")}.`
              : ""}
          </p>
          <div className="mt-3">
            {result && answers ? (
              <ResultPanel result={result} hints={hints} invitationDate={answers.invitationDate} />
            ) : (
              <p data-testid="au-points-pending">
                {missing.length
                  ? `To see your points, answer: ${missing.map((m) => m.label).join(", ")}.`
                  : "Correct the answers marked in the form to see your points."}
              </p>
            )}
          </div>

          {result ? (
            <div className="mt-6 space-y-3 print:hidden">
              <div className="flex flex-wrap gap-3">
                <saveFetcher.Form method="post" action={href}>
                  {hydrated ? <input type="hidden" name="via" value="fetch" /> : null}
                  <input type="hidden" name="intent" value="save" />
                  {ANSWER_NAMES.map((name) => (
                    <input key={name} type="hidden" name={name} value={raw[name]} />
                  ))}
                  <button
                    type="submit"
                    disabled={saveFetcher.state !== "idle"}
                    className="rounded bg-brand px-4 py-2 font-semibold text-white disabled:opacity-70"
                  >
                    Save to my account
                  </button>
                </saveFetcher.Form>
                {hydrated ? (
                  <>
                    <button
                      type="button"
                      onClick={copyLink}
                      className="rounded border-2 border-brand px-4 py-2 font-semibold text-brand"
                    >
                      Copy link
                    </button>
                    <button
                      type="button"
                      onClick={() => window.print()}
                      className="rounded border-2 border-brand px-4 py-2 font-semibold text-brand"
                    >
                      Print
                    </button>
                  </>
                ) : null}
              </div>
              <p className="text-sm">
                Link to this result:{" "}
                <a href={href} className="break-all text-brand underline" data-testid="au-points-share-link">
                  {href}
                </a>
              </p>
            </div>
          ) : null}
          <div role="status" className="mt-3 print:hidden">
            {status ? <p className={statusOk ? "text-green-800" : "text-red-800"}>{status}</p> : null}
            {copied?.href === href ? <p>{copied.message}</p> : null}
          </div>
        </section>
      </div>
      <SavedResults items={saved} action={href} />
    </div>
  );
}
