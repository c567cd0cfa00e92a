import dns from "node:dns";
import { BlockList, isIP, type LookupFunction } from "node:net";
import { Agent, fetch as undiciFetch, type RequestInit, type Response } from "undici";

/**
 * Requests the server makes to an address someone gave it (an identity provider's discovery document
 * or metadata, later a job source). Such an address must not reach what only the server can reach:
 * this machine, the private network it sits on, or a cloud's metadata service (169.254.169.254), the
 * classic server-side request forgery. Every address a name resolves to is checked when the
 * connection is made, so a name that answers a public address to a check and a private one to the
 * request (DNS rebinding) gains nothing; addresses written as numbers, and every redirect, are
 * checked too. Loopback is allowed only where the configuration says so (a local identity provider
 * for the demo and the tests).
 */

/** Where no outside address points: private, shared, link-local, multicast, reserved and documentation ranges. */
const NOT_PUBLIC = new BlockList();
for (const [net, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const)
  NOT_PUBLIC.addSubnet(net, prefix, "ipv4");
for (const [net, prefix] of [
  ["::", 128],
  ["64:ff9b::", 96],
  ["100::", 64],
  ["2001:db8::", 32],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
] as const)
  NOT_PUBLIC.addSubnet(net, prefix, "ipv6");

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet("127.0.0.0", 8, "ipv4");
LOOPBACK.addAddress("::1", "ipv6");

export type OutboundPolicy = { allowLoopback: boolean };

/** Why a request was not made: the address is not one the server may be sent to. */
export class OutboundRefused extends Error {
  constructor(readonly address: string) {
    super(`${address} is not a public internet address`);
    this.name = "OutboundRefused";
  }
}

/** Whether the server may connect to `address` (an IPv4 or IPv6 address, IPv4-mapped ones as IPv4). */
export function mayConnect(address: string, { allowLoopback }: OutboundPolicy): boolean {
  const family = isIP(address) === 6 ? "ipv6" : "ipv4";
  if (LOOPBACK.check(address, family)) return allowLoopback;
  return !NOT_PUBLIC.check(address, family);
}

/** dns.lookup, refusing a name that resolves to any address the policy forbids. */
function checkedLookup(policy: OutboundPolicy): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, "", 4);
      const refused = addresses.find((a) => !mayConnect(a.address, policy));
      if (refused) return callback(new OutboundRefused(refused.address), "", 4);
      if (options.all) return (callback as (e: null, a: dns.LookupAddress[]) => void)(null, addresses);
      callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

const agents = new Map<boolean, Agent>();
const agentFor = (policy: OutboundPolicy) => {
  let agent = agents.get(policy.allowLoopback);
  if (!agent) agents.set(policy.allowLoopback, (agent = new Agent({ connect: { lookup: checkedLookup(policy) } })));
  return agent;
};

const MAX_REDIRECTS = 5;

/**
 * fetch for an address someone gave: http or https only, to public addresses only (see above),
 * following at most 5 redirects, each checked like the first. Throws OutboundRefused for a
 * forbidden address.
 */
export async function outboundFetch(url: string | URL, init: RequestInit, policy: OutboundPolicy): Promise<Response> {
  let target = new URL(url);
  const follow = (init.redirect ?? "follow") === "follow" && /^(GET|HEAD)?$/i.test(init.method ?? "");
  for (let hop = 0; ; hop++) {
    if (target.protocol !== "https:" && target.protocol !== "http:")
      throw new OutboundRefused(`${target.protocol} address ${target.href}`);
    // A host written as an address is connected to without a lookup: checked here.
    const literal = target.hostname.replace(/^\[(.*)\]$/, "$1");
    if (isIP(literal) && !mayConnect(literal, policy)) throw new OutboundRefused(literal);
    const response = await undiciFetch(target, { ...init, redirect: "manual", dispatcher: agentFor(policy) });
    const location = response.headers.get("location");
    if (!follow || response.status < 300 || response.status > 399 || !location) return response;
    if (hop === MAX_REDIRECTS) throw new Error(`More than ${MAX_REDIRECTS} redirects from ${url}`);
    await response.body?.cancel();
    target = new URL(location, target);
  }
}

/** Whether `error`, or an error it was caused by (fetch and openid-client wrap them), is an OutboundRefused. */
export function isOutboundRefused(error: unknown): boolean {
  for (let e = error, depth = 0; e instanceof Error && depth < 10; e = e.cause, depth++)
    if (e instanceof OutboundRefused) return true;
  return false;
}
