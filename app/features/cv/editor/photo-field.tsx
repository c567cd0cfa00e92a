import { useState } from "react";

/**
 * The CV's photo (printed by the Europass template only): sent as it is, checked and re-encoded by
 * the server, which answers what is wrong with it.
 */
export function PhotoField({
  cvId,
  hasPhoto,
  onChange,
}: {
  cvId: number;
  hasPhoto: boolean;
  onChange: (has: boolean) => void;
}) {
  const [message, setMessage] = useState<{ error: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const send = async (init: RequestInit, done: string, has: boolean) => {
    setBusy(true);
    try {
      const response = await fetch(`/api/cvs/${cvId}/photo`, init);
      const answer = await response.json().catch(() => null);
      if (response.ok) {
        onChange(has);
        setMessage({ error: false, text: done });
      } else setMessage({ error: true, text: answer?.message ?? `The photo could not be saved (${response.status}).` });
    } catch {
      setMessage({ error: true, text: "The photo could not be sent: check your connection and try again." });
    } finally {
      setBusy(false);
    }
  };
  return (
    <div>
      <label htmlFor="cv-photo" className="block font-medium">
        Photo
      </label>
      <p id="cv-photo-hint" className="text-sm text-muted">
        Only the Europass template prints it. UK and US employers expect no photo. JPEG or PNG, at most 2 MB.
      </p>
      <input
        id="cv-photo"
        type="file"
        accept="image/jpeg,image/png"
        disabled={busy}
        aria-describedby="cv-photo-hint cv-photo-status"
        className="mt-1 block"
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file)
            void send(
              { method: "PUT", headers: { "Content-Type": file.type || "application/octet-stream" }, body: file },
              "Photo saved.",
              true,
            );
          e.target.value = "";
        }}
      />
      {hasPhoto ? (
        <button
          type="button"
          disabled={busy}
          className="mt-2 rounded border border-red-700 px-2 py-1 text-sm text-red-800"
          onClick={() => void send({ method: "DELETE" }, "Photo removed.", false)}
        >
          Remove photo
        </button>
      ) : null}
      <p id="cv-photo-status" role="status" className={`text-sm ${message?.error ? "text-red-800" : ""}`}>
        {message?.text}
      </p>
    </div>
  );
}
