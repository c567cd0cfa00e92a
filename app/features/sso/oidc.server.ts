import { createHash } from "node:crypto";
import * as client from "openid-client";
import { type OutboundPolicy, outboundFetch } from "~/lib/outbound.server";
import { isLoopbackUrl } from "./schema";

/** How long an IdP gets to answer one request of ours. */
const IDP_TIMEOUT_SECONDS = 10;
/** How long a discovery document is used before it is asked again: not once per login. */
const DISCOVERY_KEPT_MS = 10 * 60_000;
const kept = new Map<string, { configuration: Promise<client.Configuration>; until: number }>();

/**
 * The IdP's configuration, found through its discovery document
 * (`{issuer}/.well-known/openid-configuration`); openid-client checks that the document names the
 * issuer asked for. Every request to the IdP (discovery, keys, token, user info) goes through
 * outboundFetch, so an issuer URL cannot point the server at a private address. Without a secret it
 * only checks the IdP is there (saving the settings) and is not kept. Plain http only for an IdP on
 * this machine (the demo, the tests).
 */
export function discoverIdp(
  issuerUrl: string,
  clientId: string,
  policy: OutboundPolicy,
  clientSecret?: string,
  now = Date.now(),
): Promise<client.Configuration> {
  const key =
    clientSecret === undefined
      ? null
      : createHash("sha256")
          .update(JSON.stringify([issuerUrl, clientId, clientSecret, policy]))
          .digest("hex");
  const hit = key ? kept.get(key) : undefined;
  if (hit && hit.until > now) return hit.configuration;
  const configuration = discover(issuerUrl, clientId, policy, clientSecret);
  if (key) {
    for (const [k, v] of kept) if (v.until <= now) kept.delete(k);
    kept.set(key, { configuration, until: now + DISCOVERY_KEPT_MS });
    // A failed discovery is asked again at the next login, not kept.
    configuration.catch(() => kept.delete(key));
  }
  return configuration;
}

async function discover(
  issuerUrl: string,
  clientId: string,
  policy: OutboundPolicy,
  clientSecret?: string,
): Promise<client.Configuration> {
  const issuer = new URL(issuerUrl);
  const auth = clientSecret === undefined ? client.None() : client.ClientSecretPost(clientSecret);
  // undici's Response is the one the platform's fetch gives, typed apart from the DOM's.
  const fetch: client.CustomFetch = (url, options) =>
    outboundFetch(url, options as never, policy) as unknown as Promise<Response>;
  const configuration = await client.discovery(issuer, clientId, undefined, auth, {
    timeout: IDP_TIMEOUT_SECONDS,
    [client.customFetch]: fetch,
    // openid-client trusts an ID token from the token endpoint by its TLS connection alone, unless
    // told to check its signature against the IdP's published keys too: we always check it.
    execute: [
      client.enableNonRepudiationChecks,
      ...(isLoopbackUrl(issuer) && issuer.protocol === "http:" ? [client.allowInsecureRequests] : []),
    ],
  });
  configuration[client.customFetch] = fetch;
  return configuration;
}
