import { matchPath } from "react-router";

const KiB = 1024;
const MB = 1024 * KiB;

/** What an address takes in a request body: at most `bytes` in all, and files only in the fields `files` names, each at most its size. */
export type BodyLimit = { bytes: number; files?: Readonly<Record<string, number>> };

/** A form of typed fields: what every address takes unless BODY_LIMITS says otherwise. */
export const FORM_BYTES = 64 * KiB;

/** The files people upload, by what they are. */
export const UPLOAD_BYTES = {
  logo: 2 * MB,
  cvPhoto: 2 * MB,
  invitationList: 1 * MB,
  /** A JSON Resume file: a CV document (at most 200 KB, features/cv/document.ts) and some room. */
  cvImport: 216 * KiB,
  /** A university's student records (50,000 students take about 5 MB). */
  roster: 20 * MB,
  /** A SAML IdP's metadata: a few KiB for one IdP, with room for a long certificate chain. */
  idpMetadata: 512 * KiB,
} as const;

/**
 * A form with files: the typed fields' allowance and the largest file's. A page with several file
 * fields has them in separate forms (the profile's logo and its IdP metadata), so a post sends one.
 */
const withFiles = (files: Record<string, number>): BodyLimit => ({
  bytes: FORM_BYTES + Math.max(...Object.values(files)),
  files,
});

/**
 * Every address whose body is other than a form of at most FORM_BYTES, by its pattern in the route
 * table. The one place a body's limit is said: the server refuses a larger body (413) before any
 * route runs (server/body-limit.ts), and the readers of request-body.server.ts read to the same
 * limit, so the two cannot disagree.
 */
export const BODY_LIMITS: Readonly<Record<string, BodyLimit>> = {
  // Before the profile's other tabs (the first pattern that matches gives the limit). The page's one
  // module holds the other tabs' file fields too, so this address declares them as well.
  "/university-user-profile/roster": withFiles({
    roster: UPLOAD_BYTES.roster,
    logo: UPLOAD_BYTES.logo,
    idp_metadata_file: UPLOAD_BYTES.idpMetadata,
  }),
  "/university-user-profile/:type?": withFiles({
    logo: UPLOAD_BYTES.logo,
    idp_metadata_file: UPLOAD_BYTES.idpMetadata,
  }),
  "/university-dashboard": withFiles({ file: UPLOAD_BYTES.invitationList }),
  "/ops/universities/:id": withFiles({ logo: UPLOAD_BYTES.logo }),
  "/my-cvs": withFiles({ file: UPLOAD_BYTES.cvImport }),
  "/api/cvs/:id/photo": { bytes: UPLOAD_BYTES.cvPhoto },
  // A CV document (at most 200 KB) and the JSON around it.
  "/api/cvs": { bytes: 208 * KiB },
  "/api/cvs/:id": { bytes: 208 * KiB },
  "/api/roster": { bytes: UPLOAD_BYTES.roster },
  "/api/au-points": { bytes: 16 * KiB },
  "/api/sponsorship-eligibility": { bytes: 16 * KiB },
  "/api/cih/progress/:slug": { bytes: 1 * KiB },
  "/api/cih/preferences": { bytes: 256 },
  // A signed SAML response: its certificate, and a person's attributes (a long list of groups).
  "/sso/saml/:university/acs": { bytes: 256 * KiB },
};

const FORM: BodyLimit = { bytes: FORM_BYTES };
const PATTERNS = Object.entries(BODY_LIMITS);

/**
 * The limit of the address a request names. A client-side navigation asks for `{path}.data` (and
 * `/_.data` for `/`): the same address as React Router reads it.
 */
export function bodyLimitFor(pathname: string): BodyLimit {
  const path = pathname.endsWith("/_.data") ? pathname.slice(0, -"_.data".length) : pathname.replace(/\.data$/, "");
  return PATTERNS.find(([pattern]) => matchPath({ path: pattern, end: true }, path))?.[1] ?? FORM;
}

export const bodyLimitOf = (request: Request): BodyLimit => bodyLimitFor(new URL(request.url).pathname);

/** A size as a person reads it: "2 MB", "64 KiB", "256 bytes". */
export function sizeInWords(bytes: number): string {
  if (bytes >= MB && bytes % MB === 0) return `${bytes / MB} MB`;
  if (bytes >= KiB) return `${Math.round(bytes / KiB)} KiB`;
  return `${bytes} bytes`;
}

export const fileTooLargeMessage = (bytes: number) =>
  `The file is larger than ${sizeInWords(bytes)}, the most this page takes: choose a smaller one and send the form again.`;

/**
 * Why a body over its limit is refused (413): a JSON endpoint's client reads of "the body", a
 * person of the form or file they sent.
 */
export function tooLargeMessage(limit: BodyLimit, what: "body" | "form"): string {
  if (what === "body") return `The body is larger than ${sizeInWords(limit.bytes)}`;
  const files = Object.values(limit.files ?? {});
  if (files.length) return fileTooLargeMessage(Math.max(...files));
  return `The form is larger than ${sizeInWords(limit.bytes)}, the most this page takes: shorten it and send it again.`;
}
