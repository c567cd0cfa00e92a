import { describe, expect, it } from "vitest";
import { BodyError, formOf, formWithFile, readFormBody, readJsonBody } from "./request-body.server";

const KiB = 1024;
const MB = 1024 * KiB;
const encode = (text: string) => new TextEncoder().encode(text);

/** A body handed over in chunks as the reader pulls them, counting what it has handed over. */
function counted(chunks: Iterable<Uint8Array>) {
  const source = chunks[Symbol.iterator]();
  const stats = { pulled: 0 };
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        const next = source.next();
        if (next.done) return controller.close();
        stats.pulled += next.value.byteLength;
        controller.enqueue(next.value);
      },
    },
    // Nothing is pulled ahead of the reader.
    { highWaterMark: 0 },
  );
  return { stream, stats };
}

/** `total` bytes of `byte`, 16 KiB at a time, made only as they are pulled. */
function* filler(total: number, byte = 0x61): Generator<Uint8Array> {
  for (let sent = 0; sent < total; sent += 16 * KiB) yield new Uint8Array(Math.min(16 * KiB, total - sent)).fill(byte);
}

function post(
  path: string,
  type: string,
  body: ReadableStream<Uint8Array> | Uint8Array | string,
  headers: Record<string, string> = {},
) {
  return new Request(`http://localhost${path}`, {
    method: "POST",
    headers: { "Content-Type": type, ...headers },
    body,
    duplex: "half",
  } as RequestInit);
}

const refusal = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof BodyError)) throw new Error(`expected a BodyError, got ${String(error)}`);
  return { status: error.status, message: error.message, file: error.file };
};

const BOUNDARY = "----form-7MA4YWxkTrZu0gW";
const MULTIPART = `multipart/form-data; boundary=${BOUNDARY}`;
const field = (name: string, value: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
const fileHead = (name: string, filename: string, type: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
const END = `\r\n--${BOUNDARY}--\r\n`;

describe("a URL-encoded form", () => {
  it("is read within its address's limit", async () => {
    const form = await readFormBody(
      post("/login", "application/x-www-form-urlencoded", "email=ama%40example.com&note=%E2%82%AC+5"),
    );
    expect(Object.fromEntries(form)).toEqual({ email: "ama@example.com", note: "€ 5" });
  });

  it("declared larger than its address takes is refused before a byte is read", async () => {
    const { stream, stats } = counted(filler(1 * MB));
    const r = await refusal(
      readFormBody(post("/login", "application/x-www-form-urlencoded", stream, { "Content-Length": String(1 * MB) })),
    );
    expect(r).toEqual({
      status: 413,
      message: "The form is larger than 64 KiB, the most this page takes: shorten it and send it again.",
      file: undefined,
    });
    expect(stats.pulled).toBe(0);
  });

  it("sent without a length is refused at the chunk that passes the limit, the rest never read", async () => {
    const { stream, stats } = counted(filler(100 * MB));
    expect((await refusal(readFormBody(post("/contact-us", "application/x-www-form-urlencoded", stream)))).status).toBe(
      413,
    );
    expect(stats.pulled).toBeLessThanOrEqual(64 * KiB + 16 * KiB);
  });

  it("holding a NUL character is refused whole", async () => {
    expect(
      (await refusal(readFormBody(post("/login", "application/x-www-form-urlencoded", "email=a%00b")))).status,
    ).toBe(400);
  });

  it("that ends before it is complete (cut off, or its client gone) is a quiet 400, not a failure", async () => {
    let sent = false;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent) return controller.error(new DOMException("The request was aborted.", "AbortError"));
        sent = true;
        controller.enqueue(encode("email=a"));
      },
    });
    expect(await refusal(readFormBody(post("/login", "application/x-www-form-urlencoded", stream)))).toMatchObject({
      status: 400,
      message: "The body ended before it was complete. Send it again.",
    });
  });

  it("is told from what is not a form (415)", async () => {
    expect((await refusal(readFormBody(post("/login", "text/plain", "email=a@b.c")))).status).toBe(415);
  });
});

describe("a multipart form", () => {
  // Bytes that start like the boundary's line, to be kept as the file's.
  const list = `Email\r\nama@example.com\r\n--${BOUNDARY.slice(0, 10)}\r\n-`;
  const body = `a preamble, skipped\r\n${field("intent", "invite")}${fileHead("file", "list.csv", "text/csv")}${list}${END}an epilogue, skipped`;

  it("gives its fields and its file, whatever the chunks its bytes come in", async () => {
    for (let size = 1; size <= body.length; size++) {
      const bytes = encode(body);
      const chunks = Array.from({ length: Math.ceil(bytes.length / size) }, (_, i) =>
        bytes.subarray(i * size, (i + 1) * size),
      );
      const form = await readFormBody(post("/university-dashboard", MULTIPART, counted(chunks).stream));
      expect(form.get("intent"), `chunks of ${size}`).toBe("invite");
      const file = form.get("file") as File;
      expect([file.name, file.type, await file.text()], `chunks of ${size}`).toEqual(["list.csv", "text/csv", list]);
    }
  });

  it("with a file larger than its field takes is refused as it streams in, naming the field", async () => {
    const { stream, stats } = counted([
      encode(field("intent", "invite") + fileHead("file", "list.csv", "text/csv")),
      ...filler(50 * MB),
      encode(END),
    ]);
    const r = await refusal(readFormBody(post("/university-dashboard", MULTIPART, stream)));
    expect(r).toEqual({
      status: 413,
      message: "The file is larger than 1 MB, the most this page takes: choose a smaller one and send the form again.",
      file: "file",
    });
    expect(stats.pulled).toBeLessThan(1 * MB + 64 * KiB);
  });

  it("takes a file at its field's size", async () => {
    const form = await readFormBody(
      post(
        "/university-dashboard",
        MULTIPART,
        counted([encode(fileHead("file", "list.csv", "text/csv")), ...filler(1 * MB), encode(END)]).stream,
      ),
    );
    expect((form.get("file") as File).size).toBe(1 * MB);
  });

  it("takes no file where its page has no file field", async () => {
    const r = await refusal(
      readFormBody(
        post(
          "/login",
          MULTIPART,
          field("email", "a@b.c") + fileHead("password", "p.txt", "text/plain") + "secret" + END,
        ),
      ),
    );
    expect(r).toMatchObject({
      status: 400,
      message: "This page takes no file there: send the form from the page itself.",
    });
  });

  it("with typed fields past the page's limit is refused (413)", async () => {
    const { stream } = counted([
      encode(field("intent", "x") + `--${BOUNDARY}\r\nContent-Disposition: form-data; name="note"\r\n\r\n`),
      ...filler(1 * MB),
      encode(END),
    ]);
    expect((await refusal(readFormBody(post("/login", MULTIPART, stream)))).status).toBe(413);
  });

  it.each([
    ["cut before its closing boundary", field("email", "a")],
    ["without a boundary in its type", field("email", "a") + END, "multipart/form-data"],
    [
      "whose part headers never end",
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="a"\r\nX-Pad: ${"x".repeat(9000)}`,
    ],
    ["with a part that has no name", `--${BOUNDARY}\r\nContent-Disposition: form-data\r\n\r\na${END}`],
    ["with a part without headers", `--${BOUNDARY}\r\n\r\nContent-Disposition: form-data; name="a"\r\n\r\nb${END}`],
  ])("%s is refused (400)", async (_what, text, type = MULTIPART) => {
    expect(await refusal(readFormBody(post("/login", type, text)))).toMatchObject({
      status: 400,
      message: "The form could not be read. Reload the page and send it again.",
    });
  });
});

describe("the page's answers", () => {
  const tooLarge = () =>
    post(
      "/university-dashboard",
      MULTIPART,
      counted([encode(fileHead("file", "list.csv", "text/csv")), ...filler(2 * MB), encode(END)]).stream,
    );

  it("formWithFile tells a file too large apart, for the page to say so beside its field", async () => {
    expect(await formWithFile(tooLarge())).toBe("file-too-large");
  });

  it("formOf answers any refusal in plain text with its status", async () => {
    const thrown = await formOf(tooLarge()).catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(413);
    expect((thrown as Response).headers.get("content-type")).toBe("text/plain; charset=utf-8");
  });
});

describe("a JSON body", () => {
  it("is read to its address's own limit, smaller than a form's", async () => {
    expect(await readJsonBody(post("/api/cih/preferences", "application/json", '{"captions":true}'))).toEqual({
      captions: true,
    });
    const r = await refusal(
      readJsonBody(
        post("/api/cih/preferences", "application/json", JSON.stringify({ captions: true, pad: "x".repeat(256) })),
      ),
    );
    expect(r).toMatchObject({ status: 413, message: "The body is larger than 256 bytes" });
  });
});
