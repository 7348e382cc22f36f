import http from "node:http";
import type { Duplex } from "node:stream";
import { errorBody, statusOf } from "@/lib/api/error-shape";
import { hasIngestToken } from "@/lib/api/read-gate";
import { factsOf, judge, mayCarryToken, pathOf, type TOriginSettings, type TRefusal } from "@/lib/api/same-origin";
import { contentSecurityPolicy, SECURITY_HEADERS } from "@/lib/api/security-headers";

type THandler = (req: http.IncomingMessage, res: http.ServerResponse) => Promise<void>;

/** The headers and body of a refusal: the one error shape, with the headers the proxy puts on every answer. */
function refusalParts(refusal: TRefusal): { headers: Record<string, string>; body: string } {
  const body = JSON.stringify(errorBody(refusal.code, refusal.message, refusal.details));
  const headers = {
    ...SECURITY_HEADERS,
    ...refusal.headers,
    "Content-Security-Policy": contentSecurityPolicy(Buffer.from(crypto.randomUUID()).toString("base64"), false),
    "Content-Type": "application/json",
    "Content-Length": String(Buffer.byteLength(body)),
    "Cache-Control": "no-store",
  };
  return { headers, body };
}

/** A refusal in the API's one error shape, with the security headers. */
export function writeRefusal(res: http.ServerResponse, refusal: TRefusal): void {
  const { headers, body } = refusalParts(refusal);
  res.writeHead(statusOf(refusal.code), headers);
  res.end(body);
}

/**
 * A request Node's parser cannot read (a method it does not know, such as TRACK; a broken request line) is
 * answered 400 in the same shape rather than Node's bare one; headers too large keep Node's 431.
 */
function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (!socket.writable || error.code === "ECONNRESET") {
    socket.destroy();
    return;
  }
  if (error.code === "HPE_HEADER_OVERFLOW") {
    socket.end("HTTP/1.1 431 Request Header Fields Too Large\r\nConnection: close\r\n\r\n");
    return;
  }
  const { headers, body } = refusalParts({ code: "malformed", message: "The request could not be read as HTTP." });
  const lines = Object.entries({ ...headers, Connection: "close" }).map(([name, value]) => `${name}: ${value}`);
  socket.end(`HTTP/1.1 400 Bad Request\r\n${lines.join("\r\n")}\r\n\r\n${body}`);
}

/** A request's headers as the Fetch API holds them (several values of one name joined by commas). */
function headersOf(req: http.IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(", ") : value);
  }
  return headers;
}

/** The first rule of lib/api/same-origin.ts the request breaks, as proxy.ts reads it. */
async function refusalOf(req: http.IncomingMessage, settings: TOriginSettings): Promise<TRefusal | null> {
  const method = req.method ?? "GET";
  const headers = headersOf(req);
  const token = mayCarryToken(method, headers) && (await hasIngestToken(headers));
  return judge(factsOf(method, pathOf(req.url ?? "/"), headers, "", token), settings);
}

/**
 * The HTTP server `tally serve` runs: Next.js's request handler behind the rules of lib/api/same-origin.ts,
 * which proxy.ts applies as well. Here they also cover what Next.js answers with a bare 500 or text before the
 * proxy can: TRACE and other methods its Fetch Request refuses, paths that do not decode, its static files
 * (which skip the proxy). A refusal leaves as one write with its length, before Next.js sees the request: a
 * browser that drops the connection on reading it (Chromium does for another origin's no-cors request, whose
 * JSON answer it blocks) never cuts a response Next.js is still streaming.
 */
export function createAppServer(handle: THandler, settings: TOriginSettings): http.Server {
  const answer = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    const refusal = await refusalOf(req, settings);
    if (refusal !== null) {
      // The body of a refused request is not read: the connection closes after the answer.
      res.setHeader("Connection", "close");
      writeRefusal(res, refusal);
      return;
    }
    await handle(req, res);
  };
  const server = http.createServer((req, res) => {
    answer(req, res).catch((error: unknown) => {
      console.error("tally serve: unexpected error", error);
      if (res.headersSent) res.destroy();
      else writeRefusal(res, { code: "internal", message: "Internal error; the server log has the details." });
    });
  });
  server.on("clientError", answerClientError);
  return server;
}
