import type { IncomingMessage, ServerResponse } from "node:http";
import { type ClientAddress, createRequest, sendResponse } from "@remix-run/node-fetch-server";

/** An answer whose bytes are all at hand (a rendered page, held whole to be kept and compressed). */
export class Bytes {
  constructor(
    readonly status: number,
    readonly statusText: string,
    readonly headers: Headers,
    readonly body: Buffer,
  ) {}
}

/**
 * node-fetch-server's request listener, for a handler that may answer `Bytes` as well as a
 * `Response`: the bytes go out with their headers in one write. Put in a `Response`, a page held
 * whole was copied again and read back out of a stream, chunk by chunk, to be written.
 * As node-fetch-server does: nothing is written once the client has gone, and an error thrown by
 * the handler is logged and answered 500 (or ends the connection, once the answer has begun).
 */
export function fetchListener(handler: (request: Request, client: ClientAddress) => Promise<Response | Bytes>) {
  return (req: IncomingMessage, res: ServerResponse) => {
    let request: Request;
    try {
      request = createRequest(req, res);
    } catch {
      // A request node-fetch-server makes no URL of (its host): what node-fetch-server answers too.
      res.writeHead(400, { "Content-Type": "text/plain" });
      res.end("Bad Request");
      return;
    }
    const client: ClientAddress = {
      address: req.socket.remoteAddress ?? "",
      family: req.socket.remoteFamily === "IPv6" ? "IPv6" : "IPv4",
      port: req.socket.remotePort ?? 0,
    };
    handler(request, client).then(
      (answer) => {
        if (res.destroyed || request.signal.aborted) return;
        if (answer instanceof Response) return sendResponse(res, answer).catch((error) => failed(res, error));
        res.writeHead(answer.status, answer.statusText, [...answer.headers].flat());
        res.end(req.method === "HEAD" ? undefined : answer.body);
      },
      (error) => {
        if (!request.signal.aborted) failed(res, error);
      },
    );
  };
}

function failed(res: ServerResponse, error: unknown) {
  console.error(error);
  if (res.headersSent) return void res.destroy(error instanceof Error ? error : undefined);
  res.writeHead(500, { "Content-Type": "text/plain" });
  res.end("Internal Server Error");
}
