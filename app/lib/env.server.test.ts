import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./env.server";

describe("loadConfig", () => {
  it("applies the documented defaults", () => {
    const c = loadConfig({});
    expect(c.PORT).toBe(3000);
    expect(c.DATA_DIR).toBe("./data");
    expect(c.SYSTEM_COUNTRY_ID).toBe(226);
    expect(c.MAINTENANCE_MODE).toBe(false);
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.MICROSITE_UNIVERSITY).toBeUndefined();
    expect(c.PAGE_CACHE_SECONDS).toBe(10);
    expect(c.JOB_SOURCE_MAX_MB).toBe(50);
  });

  it("reads flags and numbers", () => {
    const c = loadConfig({ PORT: "8080", MAINTENANCE_MODE: "on", SYSTEM_COUNTRY_ID: "14" });
    expect(c).toMatchObject({ PORT: 8080, MAINTENANCE_MODE: true, SYSTEM_COUNTRY_ID: 14 });
  });

  it("names every bad variable in one message", () => {
    const bad = () =>
      loadConfig({
        PORT: "abc",
        MAINTENANCE_MODE: "maybe",
        PUBLIC_URL: "nope",
        PAGE_CACHE_SECONDS: "61",
        JOB_SOURCE_MAX_MB: "0",
      });
    expect(bad).toThrow(ConfigError);
    expect(bad).toThrow(/PORT: .*\(got "abc"\)/);
    expect(bad).toThrow(/MAINTENANCE_MODE: must be one of/);
    expect(bad).toThrow(/PUBLIC_URL: must be an absolute URL/);
    expect(bad).toThrow(/PAGE_CACHE_SECONDS: .*\(got "61"\)/);
    expect(bad).toThrow(/JOB_SOURCE_MAX_MB: .*\(got "0"\)/);
  });

  it("requires SESSION_SECRET with DATABASE_URL", () => {
    expect(() => loadConfig({ DATABASE_URL: "postgres://u@127.0.0.1/db" })).toThrow(
      /SESSION_SECRET: is required when DATABASE_URL is set/,
    );
    expect(() =>
      loadConfig({
        DATABASE_URL: "postgres://u@127.0.0.1/db",
        SESSION_SECRET: "x".repeat(32),
        SSO_SECRET_KEY: "ab".repeat(32),
      }),
    ).not.toThrow();
  });

  it("takes a metrics token of 24 printable characters or more, and never repeats a refused one", () => {
    expect(loadConfig({}).METRICS_TOKEN).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: " " }).METRICS_TOKEN).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: "m".repeat(24) }).METRICS_TOKEN).toBe("m".repeat(24));
    const short = () => loadConfig({ METRICS_TOKEN: "short-secret-value" });
    expect(short).toThrow(/METRICS_TOKEN: must be at least 24 characters/);
    expect(short).not.toThrow(/short-secret-value/);
    expect(() => loadConfig({ METRICS_TOKEN: `${"m".repeat(24)} x` })).toThrow(
      /METRICS_TOKEN: must be printable ASCII/,
    );
    expect(() => loadConfig({ SESSION_SECRET: "too-short-session" })).not.toThrow(/too-short-session/);
  });

  it("reads the log level, info unless told", () => {
    expect(loadConfig({}).LOG_LEVEL).toBe("info");
    expect(loadConfig({ LOG_LEVEL: "silent" }).LOG_LEVEL).toBe("silent");
    expect(() => loadConfig({ LOG_LEVEL: "loud" })).toThrow(/LOG_LEVEL: .*\(got "loud"\)/);
  });

  it("refuses a DATABASE_URL that is not PostgreSQL", () => {
    expect(() => loadConfig({ DATABASE_URL: "mysql://x", SESSION_SECRET: "x".repeat(40) })).toThrow(
      /DATABASE_URL: must start with postgres/,
    );
  });
});
