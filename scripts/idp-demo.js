// npm run idp:demo: a local OpenID Connect provider (the certified oidc-provider) for trying single
// sign-on with Demo University, on http://localhost:3001. Its users, password DemoPass#2026:
//   sso.student@demo.test   groups ["students"]   becomes an active student at the first login
//   sso.staff@demo.test     groups ["staff"]      becomes a staff account awaiting approval
//   APP_URL   the careers platform (default http://localhost:3000), for the redirect URI
//   IDP_PORT  this provider's port (default 3001)
// Demo University's admin then enters, on /university-user-profile/sso: Issuer URL
// http://localhost:3001, Client ID careers-demo, Client secret demo-idp-secret, the "Microsoft Entra
// ID" preset with "students" and "staff" as the student and staff values, and turns it on.
import http from "node:http";
import Provider from "oidc-provider";

const PORT = Number(process.env.IDP_PORT ?? 3001);
const APP_URL = (process.env.APP_URL ?? "http://localhost:3000").replace(/\/$/, "");
const ISSUER = `http://localhost:${PORT}`;
const PASSWORD = "DemoPass#2026";
const USERS = {
  "sso.student@demo.test": { given_name: "Sam", family_name: "Student", groups: ["students"] },
  "sso.staff@demo.test": { given_name: "Sasha", family_name: "Staff", groups: ["staff"] },
};

const provider = new Provider(ISSUER, {
  clients: [
    {
      client_id: "careers-demo",
      client_secret: "demo-idp-secret",
      redirect_uris: [`${APP_URL}/sso/oidc/demo-university/callback`],
      grant_types: ["authorization_code"],
      response_types: ["code"],
    },
  ],
  claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["given_name", "family_name", "groups"] },
  conformIdTokenClaims: false,
  features: { devInteractions: { enabled: false } },
  interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
  // A demo has no consent screen: the platform gets the scopes it asks for.
  async loadExistingGrant(ctx) {
    const grant = new ctx.oidc.provider.Grant({
      clientId: ctx.oidc.client.clientId,
      accountId: ctx.oidc.session.accountId,
    });
    grant.addOIDCScope("openid email profile");
    await grant.save();
    return grant;
  },
  async findAccount(_ctx, sub) {
    const user = USERS[sub];
    return user && { accountId: sub, claims: async () => ({ sub, email: sub, email_verified: true, ...user }) };
  },
});
const handle = provider.callback();

const page = (
  uid,
  error = "",
) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Demo IdP</title></head>
<body><main><h1>Demo identity provider</h1>${error ? `<p role="alert">${error}</p>` : ""}
<form method="post" action="/interaction/${uid}/login">
<p><label for="login">Email</label> <input id="login" name="login" type="email" autocomplete="username" required></p>
<p><label for="password">Password</label> <input id="password" name="password" type="password" autocomplete="current-password" required></p>
<p><button type="submit">Sign in</button></p></form>
<p>Users: sso.student@demo.test and sso.staff@demo.test, password ${PASSWORD}.</p></main></body></html>`;

const readForm = (req) =>
  new Promise((resolve) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => resolve(new URLSearchParams(body)));
  });

http
  .createServer(async (req, res) => {
    const match = /^\/interaction\/([\w-]+)(\/login)?$/.exec(req.url ?? "");
    if (!match) return handle(req, res);
    try {
      const { uid } = await provider.interactionDetails(req, res);
      if (req.method === "POST" && match[2]) {
        const form = await readForm(req);
        const login = (form.get("login") ?? "").trim().toLowerCase();
        if (USERS[login] && form.get("password") === PASSWORD)
          return await provider.interactionFinished(req, res, { login: { accountId: login } });
        res.writeHead(401, { "Content-Type": "text/html; charset=utf-8" });
        return res.end(page(uid, "That email address or password is not right."));
      }
      res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
      res.end(page(uid));
    } catch (error) {
      res.writeHead(400, { "Content-Type": "text/plain; charset=utf-8" });
      res.end(`This login cannot go on: ${error.message}. Start again from the careers platform.`);
    }
  })
  .listen(PORT, () =>
    console.log(`Demo OpenID provider at ${ISSUER} (redirect URI ${APP_URL}/sso/oidc/demo-university/callback)`),
  );
