import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, createNonce } from "./csp.server";

const directive = (policy: string, name: string) =>
  policy
    .split("; ")
    .find((d) => d.startsWith(`${name} `))
    ?.split(" ")
    .slice(1);

describe("contentSecurityPolicy", () => {
  it("allows inline scripts and styles only with the nonce in production", () => {
    const policy = contentSecurityPolicy("abc");
    expect(directive(policy, "script-src")).toEqual(["'self'", "'nonce-abc'"]);
    expect(directive(policy, "style-src")).toEqual(["'self'", "'nonce-abc'"]);
    expect(directive(policy, "connect-src")).toEqual(["'self'"]);
    expect(policy).not.toMatch(/unsafe-(inline|eval)/);
  });

  it("lets Vite's dev server inject styles and open its hot-reload socket, scripts still nonced", () => {
    const policy = contentSecurityPolicy("abc", { dev: true });
    expect(directive(policy, "script-src")).toEqual(["'self'", "'nonce-abc'"]);
    // A nonce would make browsers ignore 'unsafe-inline', so dev styles carry none.
    expect(directive(policy, "style-src")).toEqual(["'self'", "'unsafe-inline'"]);
    expect(directive(policy, "connect-src")).toEqual(["'self'", "ws:", "wss:"]);
  });
});

describe("createNonce", () => {
  it("gives 128 random bits in base64, different every time", () => {
    // More than one draw of the pool's bytes.
    const nonces = new Set(Array.from({ length: 600 }, createNonce));
    expect(nonces.size).toBe(600);
    for (const n of nonces) expect(Buffer.from(n, "base64")).toHaveLength(16);
  });
});
