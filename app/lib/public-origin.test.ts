import { describe, expect, it } from "vitest";
import { hostName, isOwnHost, publicOrigin } from "./public-origin";

const local = { PUBLIC_URL: undefined, PORT: 3000 };
const deployed = { PUBLIC_URL: "https://careers.example.com/", PORT: 8080 };

describe("publicOrigin", () => {
  it("is http://localhost:PORT without PUBLIC_URL, and PUBLIC_URL's origin with it", () => {
    expect(publicOrigin(local)).toBe("http://localhost:3000");
    expect(publicOrigin(deployed)).toBe("https://careers.example.com");
  });

  it("puts a microsite's registered host under PUBLIC_URL's scheme and port, or this server's port", () => {
    expect(publicOrigin(local, "demo-university.localhost")).toBe("http://demo-university.localhost:3000");
    expect(publicOrigin(deployed, "Demo.Careers.example.com")).toBe("https://demo.careers.example.com");
    expect(publicOrigin({ PUBLIC_URL: "http://careers.test:8443", PORT: 3000 }, "uni.test")).toBe(
      "http://uni.test:8443",
    );
  });
});

describe("isOwnHost", () => {
  const microsites = new Set(["demo-university.localhost", "careers.uni.ac.uk"]);
  const known = (name: string) => microsites.has(name);

  it("takes loopback names, PUBLIC_URL's host and registered microsites, with any port", () => {
    for (const host of [
      "localhost",
      "localhost:3000",
      "LOCALHOST:1",
      "anything.localhost:3000",
      "a.b.localhost",
      "127.0.0.1:3000",
      "[::1]:3000",
      "careers.uni.ac.uk",
    ]) {
      expect(isOwnHost(local, host, known), host).toBe(true);
    }
    expect(isOwnHost(deployed, "careers.example.com", known)).toBe(true);
    expect(isOwnHost(deployed, "careers.example.com:443", known)).toBe(true);
  });

  it("refuses every other host, a missing one, and one that is not a host at all", () => {
    for (const host of [
      "attacker.example",
      "careers.example.com",
      "localhost.attacker.example",
      "127.0.0.2",
      "localhost@attacker.example",
      "localhost:3000@attacker.example",
      "local host",
      "",
      null,
      undefined,
    ]) {
      expect(isOwnHost(local, host, known), String(host)).toBe(false);
    }
    expect(isOwnHost(deployed, "evil.careers.example.com", known)).toBe(false);
  });

  it("waits for the directory when it must reload", async () => {
    expect(await isOwnHost(local, "new-uni.example", async (name) => name === "new-uni.example")).toBe(true);
  });
});

describe("hostName", () => {
  it("strips the port and case", () => {
    expect(hostName("Demo.LOCALHOST:3000")).toBe("demo.localhost");
    expect(hostName("[::1]:3000")).toBe("[::1]");
    expect(hostName(undefined)).toBe("");
  });
});
