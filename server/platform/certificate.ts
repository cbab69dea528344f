import type { Server as TlsServer } from 'node:tls';
import type { FastifyInstance } from 'fastify';
import { readTlsFiles, type TlsFiles } from '../env.ts';

/**
 * Reads the certificate and key files again (a renewed certificate) and answers new connections with
 * them; connections already open keep theirs. Throws, leaving the certificate in use as it was, when a
 * file cannot be read or the key does not match the certificate.
 */
export function reloadCertificate(app: FastifyInstance, files: TlsFiles): TlsFiles {
  const renewed = readTlsFiles(files.certFile, files.keyFile);
  // Built with a certificate, the server is Node's HTTP/2 secure server, a TLS server (app.ts).
  (app.server as unknown as TlsServer).setSecureContext({ cert: renewed.cert, key: renewed.key });
  return renewed;
}
