import http from "node:http";

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * One HTTP request with any method, any Host header and the path sent byte for byte: what neither a browser nor
 * fetch() lets a test send (a Host of another name, TRACE, `%ZZ`).
 */
export function rawRequest(options: {
  port: number;
  method?: string;
  path: string;
  host?: string;
  headers?: Record<string, string>;
  body?: string;
}): Promise<RawResponse> {
  const { port, method = "GET", path, host = `127.0.0.1:${port}`, headers = {}, body } = options;
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port,
        method,
        path,
        agent: false,
        headers: {
          host,
          ...(body === undefined ? {} : { "content-length": String(Buffer.byteLength(body)) }),
          ...headers,
        },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (text += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

/** The headers every answer of Tally carries, refusals included. */
export const SECURITY_HEADER_VALUES = {
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
  "referrer-policy": "same-origin",
};
