import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isOutboundRefused, mayConnect, outboundFetch } from "./outbound.server";

const closed = { allowLoopback: false };
const open = { allowLoopback: true };

describe("mayConnect", () => {
  it.each([
    "10.1.2.3",
    "172.16.0.1",
    "172.31.255.255",
    "192.168.1.1",
    "169.254.169.254",
    "100.64.0.1",
    "0.0.0.0",
    "224.0.0.1",
    "255.255.255.255",
    "fd00::1",
    "fe80::1",
    "::",
    "::ffff:10.0.0.1",
    "::ffff:169.254.169.254",
  ])("refuses %s (private, link-local, reserved), loopback allowed or not", (address) => {
    expect(mayConnect(address, open)).toBe(false);
    expect(mayConnect(address, closed)).toBe(false);
  });

  it.each(["127.0.0.1", "127.8.9.10", "::1", "::ffff:127.0.0.1"])("takes %s only where loopback is allowed", (a) => {
    expect(mayConnect(a, open)).toBe(true);
    expect(mayConnect(a, closed)).toBe(false);
  });

  it.each(["8.8.8.8", "151.101.1.69", "172.32.0.1", "2606:4700:4700::1111", "::ffff:8.8.8.8"])(
    "takes %s, a public address",
    (address) => {
      expect(mayConnect(address, closed)).toBe(true);
    },
  );
});

describe("outboundFetch", () => {
  let server: http.Server;
  let port: number;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const to = new URL(req.url!, "http://x").searchParams.get("to");
      if (to) res.writeHead(302, { location: to }).end();
      else res.writeHead(200, { "content-type": "text/plain" }).end("hello");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => "fetched",
      (error: unknown) => (isOutboundRefused(error) ? "refused" : `failed: ${String(error)}`),
    );

  it("fetches from this machine where loopback is allowed", async () => {
    const response = await outboundFetch(`http://127.0.0.1:${port}/`, {}, open);
    expect(await response.text()).toBe("hello");
    expect(await (await outboundFetch(`http://localhost:${port}/`, {}, open)).text()).toBe("hello");
  });

  it("refuses this machine by number and by a name that resolves to it, where loopback is not allowed", async () => {
    expect(await refusal(outboundFetch(`http://127.0.0.1:${port}/`, {}, closed))).toBe("refused");
    expect(await refusal(outboundFetch(`http://[::1]:${port}/`, {}, closed))).toBe("refused");
    expect(await refusal(outboundFetch(`http://localhost:${port}/`, {}, closed))).toBe("refused");
  });

  it("refuses a redirect to a private or link-local address, and a scheme other than http and https", async () => {
    const via = (to: string) => `http://127.0.0.1:${port}/?to=${encodeURIComponent(to)}`;
    expect(await refusal(outboundFetch(via("http://169.254.169.254/latest/meta-data/"), {}, open))).toBe("refused");
    expect(await refusal(outboundFetch(via("http://10.0.0.1/"), {}, open))).toBe("refused");
    expect(await refusal(outboundFetch(via("file:///etc/passwd"), {}, open))).toBe("refused");
    expect(await refusal(outboundFetch("ftp://example.com/", {}, open))).toBe("refused");
    // A redirect on this machine is followed where it is allowed.
    expect(await (await outboundFetch(via(`http://127.0.0.1:${port}/`), {}, open)).text()).toBe("hello");
  });

  it("hands a redirect back unfollowed when asked to", async () => {
    const response = await outboundFetch(
      `http://127.0.0.1:${port}/?to=${encodeURIComponent("http://10.0.0.1/")}`,
      { redirect: "manual" },
      open,
    );
    expect(response.status).toBe(302);
  });
});
