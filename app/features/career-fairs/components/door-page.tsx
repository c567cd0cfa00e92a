import { useEffect, useRef, useState } from "react";
import { href, useFetcher } from "react-router";
import { Link } from "~/components/link";
import { normaliseCode } from "../code";
import type { DoorAnswer, DoorData, DoorOutcome } from "../door-page.server";

type Detector = { detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]> };
type DetectorClass = new (options: { formats: string[] }) => Detector;
/** The browser's own barcode detection (Chrome on Android, macOS and ChromeOS; not every browser has it). */
const barcodeDetector = () => (window as unknown as { BarcodeDetector?: DetectorClass }).BarcodeDetector;

/** How long the same ticket in view is not sent again: it stays before the camera for a moment. */
const SAME_TICKET_MS = 5000;

/**
 * Scanning with the device's camera, offered only where the browser detects barcodes itself and may
 * use the camera: elsewhere the typed code works alone. Each QR code read is sent as if typed.
 */
function CameraScanner({ onCode }: { onCode: (code: string) => void }) {
  const [supported, setSupported] = useState(false);
  const [running, setRunning] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const video = useRef<HTMLVideoElement>(null);
  const send = useRef(onCode);
  send.current = onCode;

  useEffect(() => setSupported(!!barcodeDetector() && !!navigator.mediaDevices?.getUserMedia), []);
  useEffect(() => {
    const Detector = barcodeDetector();
    if (!running || !Detector) return;
    let stream: MediaStream | null = null;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const seen = { code: "", at: 0 };
    const detector = new Detector({ formats: ["qr_code"] });
    const look = async () => {
      if (stopped || !video.current) return;
      try {
        const code = normaliseCode((await detector.detect(video.current))[0]?.rawValue ?? "");
        if (code && (code !== seen.code || Date.now() - seen.at > SAME_TICKET_MS)) {
          Object.assign(seen, { code, at: Date.now() });
          send.current(code);
        }
      } catch {
        // A frame not ready yet: the next one is looked at.
      }
      timer = setTimeout(look, 250);
    };
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: "environment" } })
      .then(async (s) => {
        stream = s;
        if (stopped || !video.current) return s.getTracks().forEach((t) => t.stop());
        video.current.srcObject = s;
        await video.current.play();
        void look();
      })
      .catch(() => {
        setProblem("The camera could not be opened. Type the codes instead.");
        setRunning(false);
      });
    return () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((t) => t.stop());
    };
  }, [running]);

  if (!supported) return null;
  return (
    <div className="mt-6">
      <button
        type="button"
        onClick={() => {
          setProblem(null);
          setRunning((r) => !r);
        }}
        className="rounded border-2 border-brand px-4 py-2 font-semibold text-brand"
      >
        {running ? "Stop the camera" : "Scan tickets with the camera"}
      </button>
      {problem ? <p className="mt-2 text-red-800">{problem}</p> : null}
      {running ? (
        <video
          ref={video}
          muted
          playsInline
          aria-label="The camera's view"
          className="mt-3 w-full max-w-md rounded border"
        />
      ) : null}
    </div>
  );
}

const LOOK: Record<DoorOutcome["kind"] | "error", string> = {
  welcome: "border-green-700 bg-green-50 text-green-900",
  already: "border-amber-700 bg-amber-50 text-amber-950",
  "not-registered": "border-red-700 bg-red-50 text-red-900",
  "not-this-fair": "border-red-700 bg-red-50 text-red-900",
  error: "border-red-700 bg-red-50 text-red-900",
};

/** What the door says, at once: the first line in large type, to be read from a step away. */
function saying(outcome: DoorOutcome, code: string, students: string | null): [string, string] {
  switch (outcome.kind) {
    case "welcome":
      return [`Welcome, ${outcome.name}`, "Checked in."];
    case "already":
      return ["Already checked in", `${outcome.name} was checked in at ${outcome.at}.`];
    case "not-registered":
      return [
        "Not registered",
        students
          ? `No ticket of ${students}'s students for this fair has the code ${code}.`
          : `No ticket for this fair has the code ${code}.`,
      ];
    case "not-this-fair":
      return ["Not this fair", `The code ${code} is a ticket for another fair.`];
  }
}

/**
 * /university-dashboard/career-fairs/{slug}/check-in: the door. A ticket's code typed (or scanned
 * where the browser can) is answered at once, without leaving the page: welcome, already checked
 * in, not registered, or not this fair. Without JavaScript the form posts and the page answers.
 */
export function DoorPage({ data, answer }: { data: DoorData; answer?: DoorAnswer }) {
  const fetcher = useFetcher<DoorAnswer>();
  const shown = fetcher.data ?? answer;
  const [said, detail] = shown?.outcome
    ? saying(shown.outcome, shown.code, data.students)
    : shown?.error
      ? ["Check the code", shown.error]
      : ["", ""];

  return (
    <div className="max-w-3xl">
      <p>
        <Link to={href("/university-dashboard/career-fairs")} className="text-brand underline">
          All career fairs
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-bold">{`Check-in: ${data.title}`}</h1>
      <p className="mt-1">{`${data.when}. ${data.where}`}</p>
      <p className="mt-2 font-semibold">
        {`${data.counts.attended} of ${data.counts.registered} ${data.students ? `${data.students} students` : "tickets"} checked in`}
      </p>
      {data.students ? (
        <p className="mt-1 text-sm text-muted">
          {`This is the platform's fair: you check in ${data.students}'s students; other universities' staff check in theirs.`}
        </p>
      ) : null}
      <p className="mt-2">
        <a href={data.registrations} className="text-brand underline" download>
          Download who registered (CSV)
        </a>
      </p>

      <fetcher.Form
        method="post"
        className="mt-6"
        noValidate
        // The field empties as the code goes, keeping focus: the next ticket can be typed while the answer comes.
        onSubmit={(event) => {
          event.preventDefault();
          const field = event.currentTarget.elements.namedItem("code") as HTMLInputElement;
          void fetcher.submit({ code: field.value }, { method: "post" });
          field.value = "";
        }}
      >
        <label htmlFor="code" className="block text-lg font-medium">
          Ticket code
        </label>
        <p id="code-hint" className="text-sm text-muted">
          8 letters and digits, like 7K2M-Q9XD. Press Enter to check in.
        </p>
        <div className="mt-1 flex flex-wrap gap-3">
          <input
            id="code"
            name="code"
            type="text"
            required
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={20}
            aria-describedby="code-hint"
            aria-invalid={shown?.error ? true : undefined}
            className="w-64 rounded border border-slate-500 px-3 py-2 font-mono text-2xl tracking-widest uppercase"
          />
          <button type="submit" className="rounded bg-brand px-5 py-2 text-lg font-semibold text-white">
            Check in
          </button>
        </div>
      </fetcher.Form>
      <CameraScanner onCode={(code) => void fetcher.submit({ code }, { method: "post" })} />

      <div role="status" aria-label="Check-in result" className="mt-6">
        {said ? (
          <div className={`rounded border-4 p-5 ${LOOK[shown?.outcome?.kind ?? "error"]}`}>
            <p className="text-3xl font-bold">{said}</p>
            <p className="mt-1 text-lg">{detail}</p>
          </div>
        ) : null}
      </div>
    </div>
  );
}
