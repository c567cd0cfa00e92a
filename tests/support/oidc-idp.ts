import { type KeyObject, generateKeyPairSync, randomUUID, sign } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import Provider from "oidc-provider";

/** A person the test IdP knows: their subject and the claims it sends. */
export type IdpAccount = { sub: string; claims: Record<string, unknown> };

export type IdpClient = { client_id: string; client_secret: string; redirect_uris: string[] };

/** How a test changes the ID token the IdP answers with: its claims, or the key it is signed with. */
export type Tamper = (claims: Record<string, unknown>) => { claims: Record<string, unknown>; key?: KeyObject };

export type OidcIdp = {
  issuer: string;
  /** Adds or replaces a person the IdP logs in. */
  setAccount(account: IdpAccount): void;
  /** Until it is set back to null, the token endpoint's ID tokens are re-signed as `tamper` says. */
  tamperWith(tamper: Tamper | null): void;
  stop(): Promise<void>;
};

const base64url = (value: string | Buffer) => Buffer.from(value).toString("base64url");

/** An RS256 JWT, as an IdP (or an attacker holding some key) would sign it. */
function signJwt(header: Record<string, unknown>, claims: Record<string, unknown>, key: KeyObject): string {
  const input = `${base64url(JSON.stringify(header))}.${base64url(JSON.stringify(claims))}`;
  return `${input}.${sign("sha256", Buffer.from(input), key).toString("base64url")}`;
}

export const newSigningKey = () => generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey;

/**
 * A certified OpenID provider (`oidc-provider`) in the test process, on a free port of this machine,
 * signing with a key the test made. It logs people in through its development login form (any
 * login; the subject is what is typed) and sends the claims of the account with that subject.
 */
export async function startOidcIdp(clients: IdpClient[], accounts: IdpAccount[] = []): Promise<OidcIdp> {
  const known = new Map(accounts.map((a) => [a.sub, a]));
  const key = newSigningKey();
  const kid = randomUUID();
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const issuer = `http://localhost:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: clients.map((c) => ({ ...c, grant_types: ["authorization_code"], response_types: ["code"] })),
    jwks: { keys: [{ ...key.export({ format: "jwk" }), kid, alg: "RS256", use: "sig" }] },
    claims: {
      openid: ["sub"],
      email: ["email", "email_verified"],
      // Entra ID sends its groups claim as its app registration says, without a scope of its own.
      profile: ["given_name", "family_name", "groups"],
    },
    // The person's claims come in the ID token too (Entra ID and Google send them there).
    conformIdTokenClaims: false,
    async findAccount(_ctx: unknown, sub: string) {
      const account = known.get(sub);
      if (!account) return undefined;
      return { accountId: sub, claims: async () => ({ sub, ...account.claims }) };
    },
  });
  const handle = provider.callback();
  let tamper: Tamper | null = null;
  server.on("request", (req, res) => {
    if (tamper && req.method === "POST" && req.url?.startsWith("/token")) {
      const change = tamper;
      const end = res.end.bind(res) as (body?: unknown) => void;
      // Koa answers with one end(body): the ID token in it is decoded, changed and signed again.
      res.end = ((body?: string | Buffer) => {
        const answer = JSON.parse(String(body));
        if (answer.id_token) {
          const [, payload] = String(answer.id_token).split(".");
          const changed = change(JSON.parse(Buffer.from(payload!, "base64url").toString("utf8")));
          answer.id_token = signJwt({ alg: "RS256", typ: "JWT", kid }, changed.claims, changed.key ?? key);
        }
        const text = JSON.stringify(answer);
        res.setHeader("Content-Length", Buffer.byteLength(text));
        end(text);
        return res;
      }) as typeof res.end;
    }
    handle(req, res);
  });
  return {
    issuer,
    setAccount: (account) => void known.set(account.sub, account),
    tamperWith: (t) => void (tamper = t),
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Logs `login` in at the IdP from an authorization URL, as a browser would: its login form, then its
 * consent form, following its redirects with its cookies. Resolves with the address the IdP sends
 * the browser back to (our callback, with the code and state).
 */
export async function signInAtIdp(authorizationUrl: string, login: string): Promise<URL> {
  const jar = new Map<string, string>();
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
  const keep = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const at = pair!.indexOf("=");
      jar.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
  };
  const origin = new URL(authorizationUrl).origin;
  let response = await fetch(authorizationUrl, { redirect: "manual" });
  for (let step = 0; step < 12; step++) {
    keep(response);
    const location = response.headers.get("location");
    if (location) {
      const next = new URL(location, response.url || origin);
      if (next.origin !== origin) return next;
      response = await fetch(next, { redirect: "manual", headers: { cookie: cookie() } });
      continue;
    }
    const page = await response.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(page)?.[1];
    const prompt = /name="prompt" value="(\w+)"/.exec(page)?.[1];
    if (!action || !prompt) throw new Error(`the IdP showed no form (${response.status}):\n${page.slice(0, 2000)}`);
    response = await fetch(new URL(action, origin), {
      method: "POST",
      redirect: "manual",
      headers: { cookie: cookie(), "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ prompt, login, password: "any" }),
    });
  }
  throw new Error("the IdP did not send the browser back");
}
