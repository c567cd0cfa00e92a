import { Form, data } from "react-router";
import { ErrorSummary, Honeypot, SelectField, SubmitButton, TextField } from "~/components/form";
import { dbContext, rateLimiterContext } from "~/db/context";
import { siteOrigin } from "~/features/access/site-url.server";
import { pagesOf, publicPart } from "~/features/country-guides/queries.server";
import { AUDIENCES, LINK_DAYS, ebookBySlug } from "~/features/ebooks/catalogue";
import { ebookLinksContext } from "~/features/ebooks/context";
import { checkDownload, downloadPath, requestEbook } from "~/features/ebooks/ebooks.server";
import { EbookRequestSchema } from "~/features/ebooks/schema";
import { outboxContext } from "~/features/email/context";
import { clientIpContext, clockContext } from "~/lib/context";
import { seoMeta } from "~/lib/meta";
import { receivePublicForm } from "~/lib/public-form.server";
import type { Limit } from "~/lib/rate-limit";
import { errorList } from "~/lib/validation";
import type { Route } from "./+types/ebook.$slug";

// /ebook/{slug}: what the e-book holds and a short form; the link is emailed and shown on the
// confirmation (?sent=1 with the signed link's values), working for a week.

const LIMIT: Limit = { max: 5, windowSeconds: 60 * 60 };
const EMAIL_LIMIT: Limit = { max: 3, windowSeconds: 24 * 60 * 60 };

export async function loader({ url, params, context }: Route.LoaderArgs) {
  const ebook = ebookBySlug(params.slug);
  if (!ebook) throw data(null, { status: 404 });
  const { open, closed } = publicPart(await pagesOf(context.get(dbContext), ebook.country));
  if (!open.length) throw data(null, { status: 404 });
  const links = context.get(ebookLinksContext);
  // The confirmation shows the download link only when the values it was made from are genuine.
  const sent =
    url.searchParams.get("sent") === "1" &&
    checkDownload(links, ebook.slug, url.searchParams, context.get(clockContext)()) === "ok";
  return {
    ebook,
    contents: open.map((p) => p.title),
    sections: closed.map((p) => p.title),
    reviewed: open
      .map((p) => p.reviewedOn)
      .sort()
      .at(-1)!,
    download: sent
      ? downloadPath(
          links,
          ebook.slug,
          Number(url.searchParams.get("request")),
          Number(url.searchParams.get("expires")),
        )
      : null,
    origin: siteOrigin(context),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const ebook = ebookBySlug(params.slug);
  if (!ebook) throw data(null, { status: 404 });
  const deps = {
    db: context.get(dbContext),
    outbox: context.get(outboxContext),
    links: context.get(ebookLinksContext),
    origin: siteOrigin(context),
    now: context.get(clockContext)(),
  };
  return receivePublicForm({
    request,
    limiter: context.get(rateLimiterContext),
    key: `ebook:ip:${context.get(clientIpContext)}`,
    limit: LIMIT,
    alsoLimit: (input) => ({ key: `ebook:email:${input.email.toLowerCase()}`, limit: EMAIL_LIMIT }),
    what: "requests",
    kept: ["name", "email", "audience"],
    schema: EbookRequestSchema,
    store: (input) => requestEbook(deps, ebook, input),
    sent: `/ebook/${ebook.slug}`,
  });
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { ebook, origin, download } = loaderData;
  const tags = seoMeta({
    title: `${ebook.title} (free e-book)`,
    description: ebook.summary,
    url: `${origin}/ebook/${ebook.slug}`,
  });
  return download ? [...tags, { name: "robots", content: "noindex" }] : tags;
}

export { mergeRouteHeaders as headers } from "~/lib/headers";

export default function EbookPage({ loaderData, actionData }: Route.ComponentProps) {
  const { ebook, contents, sections, reviewed, download } = loaderData;
  const errors: Partial<Record<string, string>> = actionData?.fieldErrors ?? {};
  const values: Partial<Record<string, string>> = actionData?.values ?? {};
  return (
    <div className="grid max-w-5xl gap-10 lg:grid-cols-[1fr_22rem]">
      <article>
        <p className="text-sm font-semibold uppercase tracking-wide text-muted">Free e-book (PDF)</p>
        <h1 className="mt-1 text-3xl font-bold">{ebook.title}</h1>
        <p className="mt-3 text-lg">{ebook.summary}</p>
        <p className="mt-2 text-sm text-muted">{`Reviewed ${reviewed.split("-").reverse().join("/")}. Made from our country guide, so it says what the guide says on the day you download it.`}</p>
        <h2 className="mt-6 text-xl font-semibold">What is inside</h2>
        <ol className="mt-2 list-decimal space-y-1 pl-6">
          {contents.map((title) => (
            <li key={title}>{title}</li>
          ))}
          {sections.length ? (
            <li>What each of the guide&apos;s sections covers, with its address on the site</li>
          ) : null}
        </ol>
        {sections.length ? (
          <p className="mt-3">{`The sections themselves (${sections.join(", ")}) are on the site for students whose university includes the country guides.`}</p>
        ) : null}
      </article>
      <aside aria-labelledby="get-heading" className="rounded border border-slate-300 bg-white p-5">
        {download ? (
          <div role="status">
            <h2 id="get-heading" className="text-xl font-semibold">
              Your e-book is ready
            </h2>
            <p className="mt-2">We have emailed you the link too. It works for {LINK_DAYS} days.</p>
            <p className="mt-4">
              <a
                href={download}
                className="inline-block rounded bg-brand px-4 py-2.5 font-semibold text-white"
                download
              >
                Download the PDF
              </a>
            </p>
          </div>
        ) : (
          <>
            <h2 id="get-heading" className="text-xl font-semibold">
              Get the e-book
            </h2>
            <p className="mt-1 text-sm text-muted">We email you a download link. We do not add you to any list.</p>
            <ErrorSummary
              formError={actionData?.formError}
              fields={errorList(errors, ["name", "email", "audience"])}
              answer={actionData}
            />
            <Form method="post" className="mt-4 space-y-4" noValidate>
              <TextField
                name="name"
                label="Full name"
                type="text"
                autoComplete="name"
                required
                defaultValue={values.name ?? ""}
                error={errors.name}
              />
              <TextField
                name="email"
                label="Email"
                type="email"
                autoComplete="email"
                spellCheck={false}
                required
                defaultValue={values.email ?? ""}
                error={errors.email}
              />
              <SelectField
                name="audience"
                label="I am"
                options={Object.entries(AUDIENCES).map(([value, label]) => ({ value, label }))}
                defaultValue={values.audience ?? ""}
                error={errors.audience}
              />
              <Honeypot />
              <SubmitButton>Email me the e-book</SubmitButton>
            </Form>
          </>
        )}
      </aside>
    </div>
  );
}
