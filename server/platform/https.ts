import type { Http2SecureServer, Http2Session } from 'node:http2';
import type { FastifyInstance } from 'fastify';
import { readTlsFiles, type TlsFiles } from '../env.ts';

/**
 * The server answering HTTPS itself (TLS_CERT_FILE, TLS_KEY_FILE; app.ts). Built with a certificate,
 * Fastify's server is Node's HTTP/2 secure server, typed as the HTTP/1.1 one the routes are written
 * against (app.ts says why).
 */
function secureServer(app: FastifyInstance): Http2SecureServer {
  return app.server as unknown as Http2SecureServer;
}

/**
 * Reads the certificate and key files again (a renewed certificate, SIGHUP in serve.ts) and answers new
 * connections with them; connections already open keep theirs. Throws a ConfigError, leaving the
 * certificate in use as it was, when a file cannot be read or the key is not the certificate's.
 */
export function reloadCertificate(app: FastifyInstance, files: TlsFiles): void {
  secureServer(app).setSecureContext(readTlsFiles(files));
}

/**
 * When the server closes, its HTTP/2 connections are told to go (GOAWAY) once the requests on them are
 * answered. Node 24 does so itself; on Node 22 (engines) a browser's idle connection would hold the
 * stop until its session timed out (72 s), past the stop's 15 s.
 */
export function closeHttp2SessionsOnClose(app: FastifyInstance): void {
  const sessions = new Set<Http2Session>();
  secureServer(app).on('session', (session) => {
    sessions.add(session);
    session.once('close', () => sessions.delete(session));
  });
  // After the event streams have ended (realtime's preClose, added before this one).
  app.addHook('preClose', async () => {
    for (const session of sessions) session.close();
  });
}
