import * as client from "openid-client";
import { isLoopbackUrl } from "./schema";

/** How long an IdP gets to answer one request of ours. */
const IDP_TIMEOUT_SECONDS = 10;

/**
 * The IdP's configuration, found through its discovery document
 * (`{issuer}/.well-known/openid-configuration`); openid-client checks that the document names the
 * issuer asked for. Without a secret it only checks the IdP is there (saving the settings). Plain http only for an IdP on this machine (the demo, the tests).
 */
export function discoverIdp(issuerUrl: string, clientId: string, clientSecret?: string): Promise<client.Configuration> {
  const issuer = new URL(issuerUrl);
  const auth = clientSecret === undefined ? client.None() : client.ClientSecretPost(clientSecret);
  return client.discovery(issuer, clientId, undefined, auth, {
    timeout: IDP_TIMEOUT_SECONDS,
    // openid-client trusts an ID token from the token endpoint by its TLS connection alone, unless
    // told to check its signature against the IdP's published keys too: we always check it.
    execute: [
      client.enableNonRepudiationChecks,
      ...(isLoopbackUrl(issuer) && issuer.protocol === "http:" ? [client.allowInsecureRequests] : []),
    ],
  });
}
