import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { loadConfig } from "~/lib/env.server";
import { open, seal, secretsKey } from "~/lib/secret-box.server";

const key = randomBytes(32);

describe("the secret box", () => {
  it("opens what it sealed, and the sealed text shows nothing of the secret", () => {
    const sealed = seal(key, "client-secret", "s3cret-value");
    expect(sealed).not.toContain("s3cret");
    expect(sealed).toMatch(/^v1\./);
    expect(open(key, "client-secret", sealed)).toBe("s3cret-value");
    // A new IV each time: the same secret sealed twice looks different.
    expect(seal(key, "client-secret", "s3cret-value")).not.toBe(sealed);
  });

  it("refuses another key, another purpose and a changed byte", () => {
    const sealed = seal(key, "client-secret", "s3cret-value");
    expect(() => open(randomBytes(32), "client-secret", sealed)).toThrow();
    expect(() => open(key, "sp-private-key", sealed)).toThrow();
    const parts = sealed.split(".");
    const body = Buffer.from(parts[3]!, "base64url");
    body[0]! ^= 1;
    expect(() => open(key, "client-secret", [...parts.slice(0, 3), body.toString("base64url")].join("."))).toThrow();
    expect(() => open(key, "client-secret", "plain text")).toThrow("not a sealed value");
  });
});

describe("SSO_SECRET_KEY", () => {
  const hex = "ab".repeat(32);
  const base64 = Buffer.alloc(32, 7).toString("base64");

  it("takes 32 bytes as hex or base64, and nothing else", () => {
    expect(secretsKey(loadConfig({ SSO_SECRET_KEY: hex }))).toEqual(Buffer.from(hex, "hex"));
    expect(secretsKey(loadConfig({ SSO_SECRET_KEY: base64 }))).toEqual(Buffer.alloc(32, 7));
    expect(() => loadConfig({ SSO_SECRET_KEY: "too-short" })).toThrow(/SSO_SECRET_KEY: must be 32 random bytes/);
    expect(() => loadConfig({ SSO_SECRET_KEY: Buffer.alloc(16).toString("base64") })).toThrow(/SSO_SECRET_KEY/);
  });

  it("is required in production on a server database, and has a development default elsewhere", () => {
    const server = { DATABASE_URL: "postgres://u@127.0.0.1/db", SESSION_SECRET: "x".repeat(32) };
    expect(() => loadConfig({ ...server, NODE_ENV: "production" })).toThrow(
      /SSO_SECRET_KEY: is required in production/,
    );
    expect(() => loadConfig({ ...server, NODE_ENV: "production", SSO_SECRET_KEY: hex })).not.toThrow();
    const dev = secretsKey(loadConfig({ NODE_ENV: "development" }));
    expect(dev).toHaveLength(32);
    // Production on the embedded database never uses the known development key.
    const prod = secretsKey(loadConfig({ NODE_ENV: "production", SESSION_SECRET: "y".repeat(40) }));
    expect(prod).toHaveLength(32);
    expect(prod).not.toEqual(dev);
  });
});
