import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

import { FRAMEWORK, FRONT_DOOR, JOB_CARDS, SHARED } from "./client-chunks";

// The Markdown renderer and what it needs of ours (see the ssr environment below).
const MARKDOWN = /\/app\/lib\/(markdown(-worker)?\.server|slug)\.ts$/;

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
