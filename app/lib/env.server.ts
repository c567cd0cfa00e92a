import { z } from "zod";
import type { OutboundPolicy } from "./outbound.server";

const flag = z
  .string()
  .trim()
  .toLowerCase()
  .refine((v) => ["", "0", "1", "true", "false", "yes", "no", "on", "off"].includes(v), {
    message: "must be one of true/false, 1/0, yes/no, on/off",
  })
  .transform((v) => ["1", "true", "yes", "on"].includes(v));

const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

const ConfigSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    DATABASE_URL: optionalText.pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
        .optional(),
    ),
    DATA_DIR: z.string().trim().min(1).default("./data"),
    SESSION_SECRET: optionalText.pipe(z.string().min(32, "must be at least 32 characters long").optional()),
    COOKIE_DOMAIN: optionalText.pipe(
      z
        .string()
        .regex(/^\.?[a-z0-9.-]+$/i, "must be a bare domain such as example.com")
        .optional(),
    ),
    SYSTEM_COUNTRY_ID: z.coerce.number().int().positive().default(226),
    MICROSITE_UNIVERSITY: optionalText.pipe(
      z
        .string()
        .regex(/^[a-z0-9-]+$/, "must be a university slug such as demo-university")
        .optional(),
    ),
    MAINTENANCE_MODE: flag.default(false),
    PUBLIC_URL: optionalText.pipe(z.url({ message: "must be an absolute URL" }).optional()),
    TRUST_PROXY: flag.default(false),
    IP_COUNTRY_HEADER: optionalText.pipe(
      z
        .string()
        .regex(/^[a-z0-9-]+$/i, "must be a header name such as cf-ipcountry")
        .transform((v) => v.toLowerCase())
        .optional(),
    ),
    /** Where email goes: smtp://host:port (plain, tests) or smtps://user:pass@host; without it messages stay in the outbox. */
    SMTP_URL: optionalText.pipe(
      z
        .string()
        .regex(/^smtps?:\/\/[^\s]+$/, "must start with smtp:// or smtps://")
        .optional(),
    ),
    /** The sender of every email, as "Name <address>" or a bare address. */
    MAIL_FROM: z.string().trim().min(3).default("Career Platform <no-reply@career-platform.localhost>"),
    /** The platform team's address: booked meetings and the public forms' enquiries are sent there. */
    TEAM_EMAIL: z.email({ error: "must be an email address" }).default("team@career-platform.localhost"),
    /**
     * How long a rendered page may be served again while nothing is written (server/page-cache.ts);
     * 0 renders every request. Only on the embedded database, which one process owns.
     */
    PAGE_CACHE_SECONDS: z.coerce.number().int().min(0).max(60).default(10),
    /** GOV.UK's page linking the sponsor register, which a refresh reads (`sponsors:refresh`, the console's "Refresh now"); tests name a local one. */
    SPONSOR_REGISTER_PAGE: optionalText.pipe(
      z.url({ protocol: /^https?$/, error: "must be an http(s) address" }).optional(),
    ),
    /** Job-search APIs' keys, for job sources of their kinds (issue 32): Adzuna's as "APP_ID:APP_KEY". Never stored in the database. */
    ADZUNA_KEY: optionalText,
    REED_API_KEY: optionalText,
    TEAMTAILOR_API_KEY: optionalText,
    /**
     * The most one answer of a job source may hold, in MB, decoded: a board's API gives all its jobs in
     * one answer (a large employer's Greenhouse board with descriptions is tens of MB). Larger is refused.
     */
    JOB_SOURCE_MAX_MB: z.coerce.number().int().min(1).max(1024).default(50),
    /** The register a new database is given as demo data: a file, or "none" (test servers use a small one). */
    DEMO_SPONSOR_REGISTER: optionalText,
    /** How many demo jobs a new embedded database generates once its demo register is in (0 for none), as `db:seed -- --demo --jobs N`. */
    DEMO_JOBS: z.coerce.number().int().min(0).max(1_000_000).default(3_000),
    /**
     * The AES-256 key single sign-on secrets (an IdP's client secret, the SAML signing key) are
     * encrypted with: 32 random bytes as base64 or hex. Outside production a known development key
     * stands in; production has none.
     */
    SSO_SECRET_KEY: optionalText.pipe(
      z
        .string()
        .regex(
          /^(?:[0-9a-f]{64}|[A-Za-z0-9+/]{43}=?|[A-Za-z0-9_-]{43})$/i,
          "must be 32 random bytes as base64 (44 characters) or hex (64 characters)",
        )
        .optional(),
    ),
    /**
     * Whether the server may fetch from this machine (127.0.0.1, ::1): an identity provider run locally
     * for the demo or a test. Unset, it may outside production only. Private networks never (app/lib/outbound.server.ts).
     */
    ALLOW_LOOPBACK_FETCH: flag.optional(),
    /**
     * The bearer token /metrics asks for; without it /metrics answers 404 (the figures tell an
     * attacker how busy the site is and what fails). Long enough not to be guessed.
     */
    METRICS_TOKEN: optionalText.pipe(
      z
        .string()
        .min(24, "must be at least 24 characters long (openssl rand -hex 24)")
        .regex(/^[\x21-\x7e]+$/, "must be printable ASCII without spaces (it is sent in a header)")
        .optional(),
    ),
    /** The request log's level (pino's levels): "silent" for none; the tests' servers are silent. */
    LOG_LEVEL: z.enum(["trace", "debug", "info", "warn", "error", "fatal", "silent"]).default("info"),
  })
  .superRefine((c, ctx) => {
    if (c.DATABASE_URL && !c.SESSION_SECRET) {
      ctx.addIssue({
        code: "custom",
        path: ["SESSION_SECRET"],
        message: "is required when DATABASE_URL is set (32 or more random characters)",
      });
    }
    // Every instance must decrypt what another stored, so a server database needs the key named.
    if (c.DATABASE_URL && c.NODE_ENV === "production" && !c.SSO_SECRET_KEY) {
      ctx.addIssue({
        code: "custom",
        path: ["SSO_SECRET_KEY"],
        message:
          "is required in production when DATABASE_URL is set (32 random bytes as base64: openssl rand -base64 32)",
      });
    }
  });

export type Config = z.infer<typeof ConfigSchema>;

export class ConfigError extends Error {}

/** Variables whose value a message never repeats: a refused secret may still be the real one, mistyped. */
const SECRETS = new Set(["SESSION_SECRET", "SSO_SECRET_KEY", "METRICS_TOKEN"]);

/** Reads the environment once at start-up; every bad variable is named in one message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ConfigSchema.safeParse(env);
  if (parsed.success) return parsed.data;
  const lines = parsed.error.issues.map((issue) => {
    const name = String(issue.path[0] ?? "configuration");
    const got = env[name];
    const shown = got === undefined || SECRETS.has(name) ? "" : ` (got ${JSON.stringify(got)})`;
    return `  - ${name}: ${issue.message}${shown}`;
  });
  throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
}

/** Where the server may send requests to addresses people give it (app/lib/outbound.server.ts). */
export function outboundPolicy(config: Pick<Config, "ALLOW_LOOPBACK_FETCH" | "NODE_ENV">): OutboundPolicy {
  return { allowLoopback: config.ALLOW_LOOPBACK_FETCH ?? config.NODE_ENV !== "production" };
}

/** Cookies are Secure in production unless PUBLIC_URL says the site is served over plain http. */
export function secureCookies(config: Config): boolean {
  return config.NODE_ENV === "production" && !config.PUBLIC_URL?.startsWith("http:");
}
