/**
 * The writers' HTTP client: a JSON POST over node:http with keep-alive connections, as fetch's, at
 * about a tenth of its CPU. On this 2-core machine the load generator shares the cores with the API
 * it measures; fetch (undici inside Node) spent 0.2–0.3 ms of them per request, which the API then
 * lacked (bench/README.md, "Writers"). Same requests, same headers, same connections kept open.
 */
import http from 'node:http';

export interface PostAnswer {
  status: number;
  body: string;
}

export function jsonPoster(origin: string, headers: Record<string, string>) {
  const { hostname, port } = new URL(origin);
  const agent = new http.Agent({ keepAlive: true });
  const post = (path: string, payload: unknown) =>
    new Promise<PostAnswer>((resolve, reject) => {
      const body = JSON.stringify(payload);
      const req = http.request(
        { hostname, port, path, method: 'POST', agent, headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
        (res) => {
          const parts: Buffer[] = [];
          res.on('data', (part: Buffer) => parts.push(part));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(parts).toString('utf8') }));
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  return { post, close: () => agent.destroy() };
}
