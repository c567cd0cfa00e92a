import { type RouterContextProvider, data, redirect } from "react-router";
import { configContext } from "~/lib/context";
import { flashCookie } from "~/lib/flash.server";

type Context = Readonly<RouterContextProvider>;

/** The record a row's button names (its `id` field): a positive whole number, else 400 with nothing changed. */
export function rowId(form: FormData): number {
  const id = Number(form.get("id"));
  if (!Number.isSafeInteger(id) || id <= 0)
    throw data("This button names no record. Reload the page and try again.", { status: 400 });
  return id;
}

/** After a row's button: the page it was pressed on again, its list's filters kept, saying what was done. */
export function backTo(request: Request, context: Context, message: string) {
  const url = new URL(request.url);
  return redirect(url.pathname + url.search, {
    status: 303,
    headers: { "Set-Cookie": flashCookie(context.get(configContext), message) },
  });
}

/** A post without a known `intent` (a stale page, a hand-made post): 400, nothing changed. */
export function unknownButton(): never {
  throw data("This button does nothing here. Reload the page and try again.", { status: 400 });
}
