import { useCallback, useEffect, useRef, useState } from "react";
import type { CvDocument } from "../document";

export type SaveStatus = "saved" | "unsaved" | "saving" | "offline" | "conflict" | "refused";
/** The CV as the server holds it, when another tab or device saved it first. */
export type Conflict = { version: number; document: CvDocument; name: string };

export const AUTOSAVE_DELAY_MS = 800;
const RETRY_MS = 5_000;

/**
 * Saves the document a moment after the last edit, over the version it was loaded or last saved
 * as (PUT /api/cvs/{id}); the server's 409 means another tab or device saved since, and nothing is
 * overwritten until the person chooses. A save is also sent as the page is left (fetch keepalive).
 */
export function useAutosave({
  cvId,
  name,
  doc,
  initialVersion,
}: {
  cvId: number;
  name: string;
  doc: CvDocument;
  initialVersion: number;
}) {
  const [status, setStatus] = useState<SaveStatus>("saved");
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const version = useRef(initialVersion);
  const savedBody = useRef(JSON.stringify({ name, document: doc }));
  const latest = useRef({ name, document: doc });
  latest.current = { name, document: doc };
  const inFlight = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const blocked = useRef(false);
  /** The body the server refused: not sent again until it changes. */
  const refusedBody = useRef<string | null>(null);

  const save = useCallback(
    async (keepalive = false) => {
      const body = JSON.stringify(latest.current);
      if (body === savedBody.current || body === refusedBody.current || blocked.current) return;
      if (inFlight.current && !keepalive) return;
      inFlight.current = true;
      setStatus("saving");
      try {
        const response = await fetch(`/api/cvs/${cvId}`, {
          method: "PUT",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ version: version.current, ...latest.current }),
          keepalive,
        });
        const answer = await response.json().catch(() => null);
        if (response.ok) {
          version.current = answer.cv.version;
          savedBody.current = body;
          setProblem(null);
          setStatus(JSON.stringify(latest.current) === body ? "saved" : "unsaved");
        } else if (response.status === 409 && answer?.current) {
          blocked.current = true;
          setConflict({
            version: answer.current.version,
            document: answer.current.document,
            name: answer.current.name,
          });
          setStatus("conflict");
        } else {
          // A refusal (400, 413) will not pass by trying again: the person has to change something.
          setProblem(
            answer?.errors?.map((e: { field: string; reason: string }) => `${e.field}: ${e.reason}`).join("; ") ||
              answer?.message ||
              `The server answered ${response.status}`,
          );
          const temporary = response.status >= 500 || response.status === 429;
          if (!temporary) refusedBody.current = body;
          setStatus(temporary ? "offline" : "refused");
        }
      } catch {
        setStatus("offline");
      } finally {
        inFlight.current = false;
      }
    },
    [cvId],
  );

  // A moment after each edit; again after a failure; again when a save ended while edits came in.
  useEffect(() => {
    if (blocked.current) return;
    const body = JSON.stringify({ name, document: doc });
    if (body === savedBody.current || body === refusedBody.current) return;
    setStatus((s) => (s === "saving" ? s : "unsaved"));
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void save(), AUTOSAVE_DELAY_MS);
    return () => clearTimeout(timer.current);
  }, [name, doc, save, status]);

  useEffect(() => {
    if (status !== "offline") return;
    const retry = setTimeout(() => void save(), RETRY_MS);
    return () => clearTimeout(retry);
  }, [status, save]);

  useEffect(() => {
    const leave = () => {
      if (document.visibilityState === "hidden") void save(true);
    };
    const warn = (e: BeforeUnloadEvent) => {
      if (JSON.stringify(latest.current) !== savedBody.current && !blocked.current) {
        void save(true);
        e.preventDefault();
      }
    };
    document.addEventListener("visibilitychange", leave);
    window.addEventListener("beforeunload", warn);
    return () => {
      document.removeEventListener("visibilitychange", leave);
      window.removeEventListener("beforeunload", warn);
    };
  }, [save]);

  /** Takes the other copy: the caller replaces its document with `conflict.document`. */
  const takeTheirs = useCallback((theirs: Conflict) => {
    version.current = theirs.version;
    savedBody.current = JSON.stringify({ name: theirs.name, document: theirs.document });
    blocked.current = false;
    setConflict(null);
    setStatus("saved");
  }, []);

  /** Keeps this copy: saved over the version the server holds now. */
  const keepMine = useCallback(
    (theirs: Conflict) => {
      version.current = theirs.version;
      blocked.current = false;
      setConflict(null);
      void save();
    },
    [save],
  );

  return { status, conflict, problem, takeTheirs, keepMine, saveNow: () => save() };
}
