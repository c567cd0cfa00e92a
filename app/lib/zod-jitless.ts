import { config } from "zod/v4/core";

/*
 * Zod compiles object parsers with `new Function` when it may, and finds out with a caught
 * `new Function("")`. The Content-Security-Policy has no 'unsafe-eval', so in the browser that probe
 * is refused and reported as a violation on every page that parses a form. Jitless parsing (Zod's
 * documented switch for strict policies) skips the probe; the server keeps the faster compiled parsers.
 * Imported by each module that may parse in the browser (their schemas are shared with the server).
 */
if (typeof document !== "undefined") config({ jitless: true });
