import { type RouterContextProvider, data, redirect } from "react-router";
import type { Db } from "~/db/client.server";
import { actorOf, auditPage } from "~/db/audit.server";
import { dbContext } from "~/db/context";
import { micrositesContext } from "~/features/access";
import { type UniversityAdmin, requireUniversityAdmin, siteOrigin } from "~/features/access/index.server";
import { accountDeps } from "~/features/accounts/index.server";
import { sessionsContext } from "~/features/auth";
import {
  type RosterAnswer,
  applyRosterUpload,
  createKeyFromForm,
  previewRosterUpload,
  revokeKeyFromForm,
  rosterKeysView,
  rosterSummary,
} from "~/features/roster/index.server";
import { SSO_FIELDS } from "~/features/sso";
import { saveSsoSettings, ssoSettingsView } from "~/features/sso/index.server";
import { fileTooLargeMessage, UPLOAD_BYTES } from "~/lib/body-limits";
import { clockContext, configContext } from "~/lib/context";
import type { Config } from "~/lib/env.server";
import { flashCookie } from "~/lib/flash.server";
import { dispatchIntent } from "~/lib/intent";
import { formOf, formWithFile, keptValues } from "~/lib/request-body.server";
import { firstUnclaimableDomain } from "~/lib/claimable-domains.server";
import { type FieldErrors, validate } from "~/lib/validation";
import { formatRatio, whiteTextContrast } from "./colour";
import { LOGO_TOO_LARGE, prepareLogo, removeLogo, storeLogo } from "./logo.server";
import { accountOf, saveAccount, saveBrandColour, saveUniversitySettings, teamOf } from "./queries.server";
import {
  ACCOUNT_FIELDS,
  type ProfileTab,
  UNIVERSITY_FIELDS,
  accountSchema,
  brandColourSchema,
  tabOf,
  tabPath,
  universitySchema,
} from "./schema";

type Context = Readonly<RouterContextProvider>;

/**
 * There is no change-password page of the university's own area: /student-change-password (guard B,
 * any logged-in role, asks the current password) serves every role. /forgot-password/{university}
 * would not do: as a guard C page it sends a logged-in person back.
 */
const CHANGE_PASSWORD_PATH = "/student-change-password";

function tabOr404(type: string | undefined): ProfileTab {
  const tab = tabOf(type);
  if (!tab) throw data(null, { status: 404 });
  return tab;
}

const ROSTER_TOO_LARGE = fileTooLargeMessage(UPLOAD_BYTES.roster);

const HEX_COLOUR = /^#[0-9a-f]{6}$/i;

/** What a tab shows, for the admin asking and their own university. */
async function viewOf(
  tab: ProfileTab,
  { admin, university }: UniversityAdmin,
  db: Db,
  config: Config,
  origin: string,
  url?: URL,
) {
  switch (tab) {
    case "account": {
      const account = await accountOf(db, admin.id);
      return {
        tab: "account" as const,
        name: account.name,
        email: account.email,
        jobTitle: account.jobTitle ?? "",
        changePasswordPath: CHANGE_PASSWORD_PATH,
      };
    }
    case "university":
      return {
        tab: "university" as const,
        name: university.name,
        emailDomains: university.emailDomains,
        careersEmail: university.careersEmail ?? "",
        careersUrl: university.careersUrl ?? "",
      };
    case "branding": {
      const colour = HEX_COLOUR.test(university.brandColour) ? university.brandColour.toLowerCase() : null;
      return {
        tab: "branding" as const,
        brandColour: colour ?? university.brandColour,
        contrast: colour ? formatRatio(whiteTextContrast(colour)) : null,
        logoUrl: university.logoUrl,
      };
    }
    case "team": {
      const team = await teamOf(db, university.id);
      return {
        tab: "team" as const,
        members: team.map((m) => ({ ...m, since: m.since.toISOString(), you: m.id === admin.id })),
      };
    }
    case "roster":
      return { tab: "roster" as const, records: await rosterSummary(db, university.id) };
    case "api-keys":
      return {
        tab: "api-keys" as const,
        keys: await rosterKeysView(db, university.id),
        endpoint: `${origin}/api/roster`,
      };
    case "sso":
      return ssoSettingsView(db, university, config);
    case "audit": {
      const page = Number(url?.searchParams.get("page") ?? 1);
      const log = await auditPage(db, { universityId: university.id, page: Number.isSafeInteger(page) ? page : 1 });
      return { tab: "audit" as const, ...log, entries: log.entries.map((e) => ({ ...e, at: e.at.toISOString() })) };
    }
  }
}

/** /university-user-profile/{type?}: the tab the path names (404 for any other). */
export async function loadUniversityProfile(type: string | undefined, context: Context, url?: URL) {
  const tab = tabOr404(type);
  const own = await requireUniversityAdmin(context);
  return {
    universityName: own.university.name,
    view: await viewOf(tab, own, context.get(dbContext), context.get(configContext), siteOrigin(context), url),
  };
}
export type UniversityProfileData = Awaited<ReturnType<typeof loadUniversityProfile>>;

/** What a tab's form shows again when it refused a post: the values as typed and why. */
export type ProfileAnswer = {
  values: Record<string, string>;
  fieldErrors: FieldErrors;
  formError: string | null;
  roster?: RosterAnswer;
};
const answer = (status: number, a: Partial<ProfileAnswer>) =>
  data<ProfileAnswer>({ values: {}, fieldErrors: {}, formError: null, ...a }, { status });

/** Each tab's buttons, by intent; a tab answers only its own. */
export async function universityProfileAction(request: Request, type: string | undefined, context: Context) {
  const tab = tabOr404(type);
  const { admin, university } = await requireUniversityAdmin(context);
  const db = context.get(dbContext);
  const now = context.get(clockContext)();
  const done = (message: string) =>
    redirect(tabPath(tab), {
      status: 303,
      headers: { "Set-Cookie": flashCookie(context.get(configContext), message) },
    });
  // The microsite's name, colour and logo show on this instance at once (others within seconds).
  const refreshBranding = () => context.get(micrositesContext).refresh();

  const withFile = tab === "branding" || tab === "roster" || tab === "sso";
  const form = withFile ? await formWithFile(request) : await formOf(request);
  if (form === "file-too-large") {
    const tooLarge = {
      roster: { roster: ROSTER_TOO_LARGE },
      sso: { idp_metadata_file: fileTooLargeMessage(UPLOAD_BYTES.idpMetadata) },
    } as const;
    return answer(413, { fieldErrors: tab === "roster" || tab === "sso" ? tooLarge[tab] : { logo: LOGO_TOO_LARGE } });
  }

  const handlers: Record<ProfileTab, Record<string, () => Promise<Response | ReturnType<typeof answer>>>> = {
    account: {
      "save-account": async () => {
        const values = keptValues(form, ACCOUNT_FIELDS);
        const parsed = validate(accountSchema, values);
        if (!parsed.success) return answer(400, { values, fieldErrors: parsed.fieldErrors });
        await saveAccount(db, admin.id, parsed.data, now);
        // The header's "Signed in as" reads the session's cached copy of the account.
        context.get(sessionsContext).forgetUser(admin.id);
        return done("Your name and job title are saved.");
      },
    },
    university: {
      "save-university": async () => {
        const values = keptValues(form, UNIVERSITY_FIELDS);
        const parsed = validate(universitySchema, values);
        if (!parsed.success) return answer(400, { values, fieldErrors: parsed.fieldErrors });
        const unclaimable = firstUnclaimableDomain(parsed.data.email_domains);
        if (unclaimable) return answer(400, { values, fieldErrors: { email_domains: unclaimable } });
        const saved = await saveUniversitySettings(db, actorOf(admin, context), university.id, parsed.data, now);
        if (!saved.ok) return answer(409, { values, fieldErrors: { email_domains: saved.emailDomains } });
        await refreshBranding();
        return done(`${parsed.data.name}'s details are saved.`);
      },
    },
    branding: {
      "save-colour": async () => {
        const values = keptValues(form, ["brand_colour"]);
        const parsed = validate(brandColourSchema, values);
        if (!parsed.success) return answer(400, { values, fieldErrors: parsed.fieldErrors });
        await saveBrandColour(db, actorOf(admin, context), university.id, parsed.data.brand_colour, now);
        await refreshBranding();
        return done(`The brand colour is now ${parsed.data.brand_colour}.`);
      },
      "upload-logo": async () => {
        const file = form.get("logo");
        if (!(file instanceof File) || file.size === 0)
          return answer(400, { fieldErrors: { logo: "Choose a PNG or SVG file for the logo." } });
        const prepared = await prepareLogo(new Uint8Array(await file.arrayBuffer()), file.name, file.type);
        if (!prepared.ok) return answer(prepared.status, { fieldErrors: { logo: prepared.message } });
        await storeLogo(db, actorOf(admin, context), university, prepared.logo, now);
        await refreshBranding();
        return done(
          prepared.logo.type === "image/svg+xml"
            ? "The logo is saved. An SVG keeps only its shapes, text and colours: check the preview looks right."
            : "The logo is saved.",
        );
      },
      "remove-logo": async () => {
        await removeLogo(db, actorOf(admin, context), university.id, now);
        await refreshBranding();
        return done("The logo is removed: your microsite shows your university's name without it.");
      },
    },
    team: {},
    roster: {
      "preview-roster": async () => {
        const { status, ...rest } = await previewRosterUpload(
          accountDeps(request, context),
          admin.id,
          university,
          form,
        );
        return answer(status, rest);
      },
      "apply-roster": async () => {
        const outcome = await applyRosterUpload(
          accountDeps(request, context),
          actorOf(admin, context),
          university,
          form,
        );
        if ("message" in outcome) return done(outcome.message);
        const { status, ...rest } = outcome;
        return answer(status, rest);
      },
    },
    "api-keys": {
      "create-key": async () => {
        const { status, ...rest } = await createKeyFromForm(context, actorOf(admin, context), university.id, form);
        return answer(status, rest);
      },
      "revoke-key": async () => {
        const outcome = await revokeKeyFromForm(context, actorOf(admin, context), university.id, form);
        if ("message" in outcome) return done(outcome.message);
        const { status, ...rest } = outcome;
        return answer(status, rest);
      },
    },
    sso: {
      "save-sso": async () => {
        const raw: Record<string, string> = {};
        for (const name of SSO_FIELDS) {
          const value = form.get(name);
          if (typeof value === "string") raw[name] = value;
        }
        const file = form.get("idp_metadata_file");
        if (file instanceof File && file.size > 0) raw.idp_metadata_xml = await file.text();
        const saved = await saveSsoSettings(
          db,
          { admin: actorOf(admin, context), university },
          raw,
          context.get(configContext),
          now,
        );
        if (saved.ok) return done(saved.message);
        // The secret typed is not sent back: it shows nowhere once it has left the browser.
        const { client_secret: _secret, ...values } = keptValues(form, SSO_FIELDS);
        return answer(saved.status, { values, fieldErrors: saved.fieldErrors, formError: saved.formError });
      },
    },
    // The log is read only: nothing posted to it changes anything.
    audit: {},
  };
  return dispatchIntent(form, handlers[tab], async () =>
    answer(400, { formError: "This button does nothing here. Reload the page and try again." }),
  );
}
