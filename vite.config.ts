import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

// Every page needs React, React Router and a handful of our small shared modules. Split the default
// way they came as a dozen files, and a phone on a slow network opens six connections at most: the
// rest waited a round trip each. Two groups make them two files; what only some pages use (the phone
// input, zod, the CSV reader) stays in chunks of its own. A feature's paths module, which other
// features link with, is a few bytes: it joins the shared file rather than becoming one more.
const FRAMEWORK = /\/node_modules\/(react|react-dom|react-router|scheduler|cookie|set-cookie-parser)\//;
const SHARED =
  /\/app\/(lib|components)\/(?!zod-jitless|email-field|name-field|csv-reader)|\/app\/features\/[^/]+\/paths\.ts$/;
// The job cards and their labels appear on the jobs pages, the home page, the dashboard and the saved
// jobs: one file for all of them, not three small ones wherever two of those pages share them.
const JOB_CARDS = /\/app\/(features\/jobs\/(components\/|labels)|db\/schema\/job-posting-values)/;
// The Markdown renderer and what it needs of ours (see the ssr environment below).
const MARKDOWN = /\/app\/lib\/(markdown(-worker)?\.server|slug)\.ts$/;
// A feature's front door (features/<name>/index.ts) only re-exports. Marked free of side effects, a page
// that takes one thing through it loads that module alone, not every module the door names.
const FRONT_DOOR = /\/app\/features\/[^/]+\/index\.ts$/;

export default defineConfig({
  // The server bundle's entry is our own app (JSON endpoints + React Router), so server.js
  // and the command-line tools load one module that holds the whole application.
  environments: {
    client: {
      build: {
        rollupOptions: {
          experimental: { lazyBarrel: true },
          treeshake: { moduleSideEffects: (id) => !FRONT_DOOR.test(id) },
          output: {
            codeSplitting: {
              groups: [
                { name: "framework", test: FRAMEWORK, priority: 2 },
                { name: "shared", test: SHARED, priority: 1 },
                { name: "job-cards", test: JOB_CARDS, priority: 1 },
              ],
            },
          },
        },
      },
    },
    ssr: {
      build: {
        rollupOptions: {
          input: "./server/app.ts",
          // The Markdown renderer's thread loads the chunk its module is in (app/lib/markdown-worker.server.ts):
          // a chunk of its own, not the application's largest, which would load sharp, PDF.js and the rest.
          output: { codeSplitting: { groups: [{ name: "markdown", test: MARKDOWN, priority: 1 }] } },
        },
      },
    },
  },
  resolve: { tsconfigPaths: true },
  plugins: [tailwindcss(), reactRouter()],
});
