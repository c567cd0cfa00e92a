/**
 * The GETs that log someone in. An IdP sends its answer to a GET (the OpenID Connect callback), and
 * a login starts with a link, so these two write what a login is made of (the login in flight, the
 * account, the session): the one exception to "a GET never writes" (app/db/reads.server.ts).
 */
export const GETS_THAT_LOG_IN: readonly string[] = ["/sso/:university", "/sso/oidc/:university/callback"];

/** SAML's answer is a form the IdP's page posts to us from its own site: the one cross-site post taken. */
export const isSamlAcs = (pathname: string) => /^\/sso\/saml\/[a-z0-9-]+\/acs$/.test(pathname);
