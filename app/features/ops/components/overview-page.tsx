/** /ops: the console's front page. */
export function OverviewPage({ name }: { name: string }) {
  return (
    <div>
      <h1 className="text-3xl font-bold">Operations console</h1>
      <p className="mt-2 text-muted">
        Signed in as {name}. Every change you make here is recorded in the audit log with your name and address.
      </p>
    </div>
  );
}
