import { Form } from "react-router";
import { Link } from "~/components/link";

/**
 * A step of a checklist: done or not (in words for screen readers), its link, and, when it is ticked
 * by hand, the button that ticks or unticks it (a form: it works without JavaScript).
 */
export function StepTick({
  step,
  manual = true,
}: {
  step: { id: string; title: string; link: string; done: boolean };
  manual?: boolean;
}) {
  const label = step.done ? "Mark as not done" : "Mark as done";
  return (
    <li id={`step-${step.id}`} className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <span aria-hidden="true" className="w-5 font-bold">
        {step.done ? "✓" : "○"}
      </span>
      {step.link.startsWith("/") ? (
        <Link to={step.link} className="text-brand underline">
          {step.title}
        </Link>
      ) : (
        <a href={step.link} className="text-brand underline" rel="noopener">
          {step.title}
        </a>
      )}
      <span className="sr-only">{step.done ? ": done" : ": not done yet"}</span>
      {manual ? (
        <Form method="post" className="inline">
          <input type="hidden" name="step" value={step.id} />
          <button
            type="submit"
            name="intent"
            value={step.done ? "untick" : "tick"}
            aria-label={`${label}: ${step.title}`}
            className="rounded border border-slate-500 px-2 py-1 text-sm"
          >
            {label}
          </button>
        </Form>
      ) : null}
    </li>
  );
}
