/**
 * A TLS reverse proxy speaking HTTP/2 in front of the server, as production runs it
 * (docs/operations.md: nginx with `http2 on` terminates TLS before the instances). The server itself
 * listens on plain HTTP/1.1, where a browser asks for six files at a time per origin; over HTTP/2
 * every file of a page shares one connection. For `bench:lighthouse -- --http2`.
 *
 * The certificate is made for 127.0.0.1 by the system's openssl, at each start, in a folder deleted
 * on close: nothing is kept or downloaded. The browser is told to accept it (--ignore-certificate-errors).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http, { type IncomingHttpHeaders } from 'node:http';
import http2 from 'node:http2';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Headers of one HTTP/1.1 hop that HTTP/2 forbids (RFC 9113 8.2.2). */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade']);

function selfSignedCertificate(): { key: Buffer; cert: Buffer } {
  const dir = mkdtempSync(path.join(tmpdir(), 'cursus-http2-proxy-'));
  try {
    const [keyFile, certFile] = [path.join(dir, 'key.pem'), path.join(dir, 'cert.pem')];
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-keyout',
        keyFile,
        '-out',
        certFile,
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
      ],
      { stdio: 'ignore' },
    );
    return { key: readFileSync(keyFile), cert: readFileSync(certFile) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Without HTTP/2's pseudo-headers (`:path`…) and the hop-by-hop ones. */
function forwardable(
  headers: IncomingHttpHeaders | http2.IncomingHttpHeaders,
): Record<string, string | string[]> {
  const kept: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || name.startsWith(':') || HOP_BY_HOP.has(name)) continue;
    kept[name] = value;
  }
  return kept;
}

export interface Http2Proxy {
  /** https://127.0.0.1:<port> */
  url: string;
  close(): Promise<void>;
}

/** Proxies https://127.0.0.1:`port` (HTTP/2) to the server on `target` (HTTP/1.1, kept-alive connections). */
export async function startHttp2Proxy(target: URL, port: number): Promise<Http2Proxy> {
  const agent = new http.Agent({ keepAlive: true });
  const server = http2.createSecureServer(selfSignedCertificate());
  server.on('stream', (stream, headers) => {
    const upstream = http.request(
      {
        agent,
        host: target.hostname,
        port: target.port,
        method: headers[':method'],
        path: headers[':path'],
        headers: {
          ...forwardable(headers),
          host: headers[':authority'] ?? target.host,
          'x-forwarded-proto': 'https',
        },
      },
      (response) => {
        if (stream.destroyed) return response.resume();
        stream.respond({ ':status': response.statusCode ?? 502, ...forwardable(response.headers) });
        response.pipe(stream);
      },
    );
    upstream.on('error', () => {
      if (!stream.headersSent && !stream.destroyed) stream.respond({ ':status': 502 });
      stream.end();
    });
    // A page left (the notifications' event stream, say): the server's request ends with it.
    stream.on('close', () => upstream.destroy());
    stream.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `https://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise((resolve) => {
        agent.destroy();
        server.close(() => resolve());
      }),
  };
}
