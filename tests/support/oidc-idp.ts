import http from "node:http";
import type { AddressInfo } from "node:net";
import Provider from "oidc-provider";

/** A person the test IdP knows: their subject and the claims it sends. */
export type IdpAccount = { sub: string; claims: Record<string, unknown> };

export type IdpClient = { client_id: string; client_secret: string; redirect_uris: string[] };

export type OidcIdp = {
  issuer: string;
  provider: InstanceType<typeof Provider>;
  /** Adds or replaces a person the IdP logs in. */
  setAccount(account: IdpAccount): void;
  stop(): Promise<void>;
};

/**
 * A certified OpenID provider (`oidc-provider`) in the test process, on a free port of this machine.
 * It logs people in through its development login form (any login; the subject is what is typed),
 * and sends the claims of the account with that subject.
 */
export async function startOidcIdp(clients: IdpClient[], accounts: IdpAccount[] = []): Promise<OidcIdp> {
  const known = new Map(accounts.map((a) => [a.sub, a]));
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const issuer = `http://localhost:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: clients.map((c) => ({ ...c, grant_types: ["authorization_code"], response_types: ["code"] })),
    claims: {
      openid: ["sub"],
      email: ["email", "email_verified"],
      profile: ["given_name", "family_name"],
      groups: ["groups"],
    },
    pkce: { required: () => true },
    async findAccount(_ctx: unknown, sub: string) {
      const account = known.get(sub);
      if (!account) return undefined;
      return { accountId: sub, claims: async () => ({ sub, ...account.claims }) };
    },
  });
  server.on("request", provider.callback());
  return {
    issuer,
    provider,
    setAccount: (account) => void known.set(account.sub, account),
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
