import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  // The server bundle's entry is our own app (JSON endpoints + React Router), so server.js
  // and the command-line tools load one module that holds the whole application.
  environments: { ssr: { build: { rollupOptions: { input: "./server/app.ts" } } } },
  resolve: { tsconfigPaths: true },
  plugins: [tailwindcss(), reactRouter()],
});
