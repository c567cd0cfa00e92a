import type { LoaderFunctionArgs } from "react-router";
import { describeError } from "./describe-error";
import { BodyError } from "./request-body.server";

/** A JSON object, or plain text where a format is fixed by others (the IP look-up). */
export type Answer = { status: number; body: Record<string, unknown> | string };

export const ok = (body: Record<string, unknown>): Answer => ({ status: 200, body: { status: true, ...body } });

/** A refused request: `errors` lists each field and its reason (`field` null when the request as a whole is wrong). */
export const refused = (
  status: number,
  message: string,
  errors: { field: string | null; reason: string }[] = [{ field: null, reason: message }],
): Answer => ({
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
      "Cache-Control": "private, no-store",
      Vary: "Cookie, Host",
    },
  });
}

/** An answer with headers of its own (Retry-After, WWW-Authenticate), for a handler to return. */
export function answerWith(answer: Answer, headers: Record<string, string>): Response {
  const response = respond(answer);
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  return response;
}

/** A handler's answer: JSON, or a finished Response (a file download). */
type Run = (args: LoaderFunctionArgs) => Answer | Response | Promise<Answer | Response>;
type Method = "GET" | "POST" | "PUT" | "DELETE";

const usage = (methods: Method[]) =>
  methods.length === 1
    ? methods[0] === "GET"
      ? "GET"
      : `${methods[0]} with a JSON body`
    : `${methods.slice(0, -1).join(", ")} or ${methods.at(-1)}`;

/**
 * One JSON endpoint as a resource route, with a handler per method it takes (another answers 405
 * with Allow; HEAD is GET without the body): a body the endpoint cannot take answers its BodyError
 * status, and a failure answers 503 with a message, logged without what the client sent.
 */
export function jsonResource(name: string, handlers: Partial<Record<Method, Run>>) {
  const methods = Object.keys(handlers) as Method[];
  const allowed = methods.flatMap((m) => (m === "GET" ? ["GET", "HEAD"] : [m]));
  // A route module exports it as both its loader (GET, HEAD) and its action (every other method).
  return async (args: LoaderFunctionArgs): Promise<Response> => {
    const head = args.request.method === "HEAD";
    const run = handlers[(head ? "GET" : args.request.method) as Method];
    if (!run) {
      const response = respond({
        status: 405,
        body: { status: false, message: `Use ${usage(methods)} for this endpoint` },
      });
      response.headers.set("Allow", allowed.join(", "));
      return response;
    }
    try {
      const answer = await run(args);
      return answer instanceof Response ? answer : respond(answer, head);
    } catch (error) {
      if (error instanceof Response) throw error;
      if (error instanceof BodyError) return respond(refused(error.status, error.message));
      console.error(`${name} failed:`, describeError(error));
      return respond({
        status: 503,
        body: { status: false, message: `The ${name} could not be made; try again shortly` },
      });
    }
  };
}

/** A JSON endpoint that takes one method. */
export function jsonEndpoint(name: string, method: "GET" | "POST", run: Run) {
  return jsonResource(name, { [method]: run });
}
