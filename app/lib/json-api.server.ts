import type { LoaderFunctionArgs } from "react-router";
import { describeError } from "./describe-error";
import { BodyError } from "./request-body.server";

/** A JSON object, or plain text where a format is fixed by others (the IP look-up). */
export type Answer = { status: number; body: Record<string, unknown> | string };

export const ok = (body: Record<string, unknown>): Answer => ({ status: 200, body: { status: true, ...body } });

/** A refused request: `errors` lists each field and its reason (`field` null when the request as a whole is wrong). */
export const refused = (status: number, message: string, errors: { field: string | null; reason: string }[] = [{ field: null, reason: message }]): Answer => ({
  status,
  body: { status: false, message, errors },
});

function respond(answer: Answer, head = false): Response {
  const text = typeof answer.body === "string";
  const body = text ? (answer.body as string) : JSON.stringify(answer.body);
  return new Response(head ? null : body, {
    status: answer.status,
    headers: {
      "Content-Type": text ? "text/plain; charset=utf-8" : "application/json; charset=utf-8",
      "Cache-Control": "no-store",
      Vary: "Cookie, Host",
    },
  });
}

type Run = (args: LoaderFunctionArgs) => Answer | Promise<Answer>;

/**
 * One JSON endpoint as a resource route: the method it takes (another answers 405 with Allow),
 * a body the endpoint cannot take answers its BodyError status, and a failure answers 503 with a
 * message, logged without what the client sent.
 */
export function jsonEndpoint(name: string, method: "GET" | "POST", run: Run) {
  const handle = async (args: LoaderFunctionArgs): Promise<Response> => {
    const head = args.request.method === "HEAD";
    const allowed = method === "GET" ? ["GET", "HEAD"] : ["POST"];
    if (!allowed.includes(args.request.method)) {
      const response = respond({ status: 405, body: { status: false, message: `Use ${method === "GET" ? "GET" : "POST with a JSON body"} for this endpoint` } });
      response.headers.set("Allow", allowed.join(", "));
      return response;
    }
    try {
      return respond(await run(args), head);
    } catch (error) {
      if (error instanceof BodyError) return respond(refused(error.status, error.message));
      console.error(`${name} failed:`, describeError(error));
      return respond({ status: 503, body: { status: false, message: `The ${name} could not be made; try again shortly` } });
    }
  };
  // A route module exports it as both its loader (GET, HEAD) and its action (every other method).
  return handle;
}
