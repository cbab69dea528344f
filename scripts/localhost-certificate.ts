/**
 * A certificate for this machine's loopback (`localhost` and `127.0.0.1`), made for one run of a test
 * or a bench, so the real server can be reached over HTTPS (and HTTP/2) as it is deployed. Nothing
 * trusts it but the client given it: Node's clients through `ca`, Chromium through
 * `--ignore-certificate-errors-spki-list=<spki>` (its public key's SHA-256, base64).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { generate } from 'selfsigned';

export type LocalhostCertificate = {
  certFile: string;
  keyFile: string;
  /** The certificate, PEM. */
  cert: string;
  /** The private key, PEM. */
  key: string;
  /** For Chromium's `--ignore-certificate-errors-spki-list`. */
  spki: string;
};

/** Makes the certificate (ECDSA P-256, SHA-256) and writes it and its key into `dir`. */
export async function localhostCertificate(dir: string): Promise<LocalhostCertificate> {
  const pems = await generate([{ name: 'commonName', value: 'localhost' }], {
    keyType: 'ec',
    algorithm: 'sha256',
    extensions: [
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2, value: 'localhost' },
          { type: 7, ip: '127.0.0.1' },
        ],
      },
    ],
  });
  const certFile = path.join(dir, 'localhost.crt');
  const keyFile = path.join(dir, 'localhost.key');
  fs.writeFileSync(certFile, pems.cert);
  fs.writeFileSync(keyFile, pems.private, { mode: 0o600 });
  const publicKey = crypto.createPublicKey(pems.private).export({ type: 'spki', format: 'der' });
  return { certFile, keyFile, cert: pems.cert, key: pems.private, spki: crypto.createHash('sha256').update(publicKey).digest('base64') };
}
