// How vite.config.ts groups the browser's modules into files.
// Every page needs React, React Router and a handful of our small shared modules. Split the default
// way they came as a dozen files, and a phone on a slow network opens six connections at most: the
// rest waited a round trip each. Two groups make them two files; what only some pages use (the phone
// input, zod, the CSV reader) stays in chunks of its own. A feature's paths module, which other
// features link with, is a few bytes: it joins the shared file rather than becoming one more. The
// shared file takes what its modules import too, so none of them may bring zod (client-chunks.test.ts).
export const FRAMEWORK = /\/node_modules\/(react|react-dom|react-router|scheduler|cookie|set-cookie-parser)\//;
export const SHARED =
  /\/app\/(lib|components)\/(?!zod-jitless|email-field|name-field|csv-reader)|\/app\/features\/[^/]+\/paths\.ts$/;
// The job cards and their labels appear on the jobs pages, the home page, the dashboard and the saved
// jobs: one file for all of them, not three small ones wherever two of those pages share them.
export const JOB_CARDS = /\/app\/(features\/jobs\/(components\/|labels)|db\/schema\/job-posting-values)/;
// A feature's front door (features/<name>/index.ts) only re-exports. Marked free of side effects, a page
// that takes one thing through it loads that module alone, not every module the door names.
export const FRONT_DOOR = /\/app\/features\/[^/]+\/index\.ts$/;
