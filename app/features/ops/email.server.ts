import { type RouterContextProvider, data } from "react-router";
import { actorOf, recordAudit } from "~/db/audit.server";
import { dbContext } from "~/db/context";
import { EMAIL_STATUSES, type EmailStatus } from "~/db/schema";
import { requireStaff } from "~/features/access/index.server";
import { outboxContext } from "~/features/email";
import {
  OUTBOX_SORTS,
  abandonEmail,
  emailForStaff,
  oldestQueuedEmail,
  outboxPage,
} from "~/features/email/index.server";
import { clockContext, configContext } from "~/lib/context";
import { dispatchIntent } from "~/lib/intent";
import { containsPattern, listPage, readListQuery } from "~/lib/list-query";
import { formOf } from "~/lib/request-body.server";
import { backTo, rowId, unknownButton } from "./row-action.server";

type Context = Readonly<RouterContextProvider>;

const statusIn = (value: string | null): EmailStatus | null =>
  (EMAIL_STATUSES as readonly string[]).includes(value ?? "") ? (value as EmailStatus) : null;

/** /ops/email: a page of the outbox, and how long the oldest email still to go out has waited. */
export async function loadOutbox(url: URL, context: Context) {
  requireStaff(context);
  const db = context.get(dbContext);
  const now = context.get(clockContext)();
  const query = readListQuery(url, { sorts: OUTBOX_SORTS, sort: "created", dir: "desc" });
  const status = statusIn(url.searchParams.get("status"));
  const [{ rows, total }, oldest] = await Promise.all([
    outboxPage(db, {
      status,
      pattern: query.q ? containsPattern(query.q) : null,
      sort: query.sort,
      dir: query.dir,
      offset: query.offset,
      limit: query.pageSize,
    }),
    oldestQueuedEmail(db),
  ]);
  return {
    list: listPage(rows, total, query),
    status,
    statuses: EMAIL_STATUSES,
    oldestWaitingMs: oldest ? Math.max(0, now.getTime() - oldest.getTime()) : null,
    // Without an SMTP server every email is held: a retried one is held again.
    sending: Boolean(context.get(configContext).SMTP_URL),
  };
}

/** /ops/email/{id}: one email as `npm run mail -- show` prints it, its links' secrets hidden. */
export async function loadEmail(id: string | undefined, context: Context) {
  requireStaff(context);
  const email = /^\d{1,9}$/.test(id ?? "") ? await emailForStaff(context.get(dbContext), Number(id)) : null;
  if (!email) throw data("No email has this number.", { status: 404 });
  return { email };
}

/** The buttons of a failed or held email (on the list and on its page): send it again, or give it up. */
export async function outboxAction(request: Request, context: Context) {
  const staff = requireStaff(context);
  const form = await formOf(request);
  const db = context.get(dbContext);
  const outbox = context.get(outboxContext);
  const at = context.get(clockContext)();
  const id = rowId(form);
  const act = async (action: "email.retried" | "email.abandoned") => {
    const done = await db.transaction(async (tx) => {
      const before = action === "email.retried" ? await outbox.retry(tx, id) : await abandonEmail(tx, id);
      if (!before) return false;
      await recordAudit(tx, {
        actor: actorOf(staff, context),
        action,
        universityId: before.universityId,
        target: { type: "email", id },
        before: { status: before.status },
        after: { status: action === "email.retried" ? "queued" : "abandoned" },
        at,
      });
      return true;
    });
    if (!done) {
      const exists = await emailForStaff(db, id);
      throw data(
        exists
          ? `Email #${id} is ${exists.status}: only a failed or held email can be retried or given up.`
          : "No email has this number.",
        { status: exists ? 409 : 404 },
      );
    }
  };
  return dispatchIntent(
    form,
    {
      retry: async () => {
        await act("email.retried");
        outbox.flush();
        return backTo(request, context, `Email #${id} is queued again: the worker sends it shortly.`);
      },
      abandon: async () => {
        await act("email.abandoned");
        return backTo(request, context, `Email #${id} is given up: it will not be sent.`);
      },
    },
    unknownButton,
  );
}
