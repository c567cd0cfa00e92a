import { useEffect, useRef } from "react";
import { Link } from "./link";

/** The page after a form was accepted: the news takes focus, so keyboard and screen reader users hear it first. */
export function Confirmation({
  title,
  children,
  next,
}: {
  title: string;
  children: React.ReactNode;
  next: { to: string; text: string };
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div className="mx-auto max-w-xl">
      <div
        ref={ref}
        tabIndex={-1}
        role="status"
        className="rounded border-2 border-green-700 bg-green-50 p-6 text-green-900"
      >
        <h1 className="text-3xl font-bold">{title}</h1>
        <p className="mt-3 text-lg">{children}</p>
      </div>
      <p className="mt-6">
        <Link to={next.to} className="text-brand underline">
          {next.text}
        </Link>
      </p>
    </div>
  );
}
