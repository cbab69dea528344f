import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { localhostCertificate } from '../scripts/localhost-certificate.ts';
import { ConfigError, loadConfig } from './env.ts';

describe('server configuration', () => {
  it('defaults to port 3000, ./data and the embedded database with the demo seeded', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      seedDemo: true,
      publicUrl: 'http://localhost:3000',
    });
  });

  it('does not seed demo data into a real PostgreSQL unless asked', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://db/precinct' }).seedDemo).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://db/precinct', SEED_DEMO: 'true' }).seedDemo).toBe(true);
  });

  it('names every bad variable in one message', () => {
    let message = '';
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://db', SEED_DEMO: 'perhaps', PRECINCT_SECRET: 'short' });
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      message = (error as Error).message;
    }
    expect(message).toMatch(/PORT:/);
    expect(message).toMatch(/DATABASE_URL: must be a URL starting with postgres:\/\/ or postgresql:\/\//);
    expect(message).toMatch(/SEED_DEMO: must be true or false/);
    expect(message).toMatch(/PRECINCT_SECRET: must be at least 32 characters/);
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '', SMTP_URL: '' })).toMatchObject({ port: 3000, smtpUrl: undefined });
  });

  it('reads server-defined route redirects from JSON and refuses anything else', () => {
    expect(loadConfig({ ROUTE_REDIRECTS: '[{"from":"/old","to":"/fleet"}]' }).redirects).toEqual([
      { from: '/old', to: '/fleet', permanent: false },
    ]);
    expect(() => loadConfig({ ROUTE_REDIRECTS: 'nope' })).toThrow(/ROUTE_REDIRECTS: must be a JSON array/);
  });

  it('drafts with AI only when both the provider address and the model are set, and says which one is missing', () => {
    expect(loadConfig({}).ai).toBeNull();
    expect(loadConfig({ AI_BASE_URL: 'http://127.0.0.1:11434/v1/', AI_MODEL: 'llama3.1' }).ai).toEqual({
      baseUrl: 'http://127.0.0.1:11434/v1',
      apiKey: undefined,
      model: 'llama3.1',
      timeoutMs: 90_000,
    });
    expect(() => loadConfig({ AI_BASE_URL: 'http://127.0.0.1:11434/v1' })).toThrow(/AI_MODEL: must be set with AI_BASE_URL/);
  });

  it('answers HTTPS itself only with both a certificate and its key, and then defaults its address to https', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'precinct-env-'));
    const { certFile: cert, keyFile: key } = await localhostCertificate(dir);
    expect(loadConfig({}).tls).toBeNull();
    const config = loadConfig({ TLS_CERT_FILE: cert, TLS_KEY_FILE: key, PORT: '8443' });
    expect(config.publicUrl).toBe('https://localhost:8443');
    expect(config.tls).toEqual({ certFile: cert, keyFile: key });
    expect(() => loadConfig({ TLS_CERT_FILE: cert })).toThrow(/TLS_KEY_FILE: must be set with TLS_CERT_FILE/);
    expect(() => loadConfig({ TLS_CERT_FILE: cert, TLS_KEY_FILE: key, PUBLIC_URL: 'http://precinct.example' })).toThrow(
      /PUBLIC_URL: must start with https:\/\/ when the server answers HTTPS itself/,
    );
    expect(() => loadConfig({ TLS_CERT_FILE: cert, TLS_KEY_FILE: path.join(dir, 'missing.pem') })).toThrow(
      /TLS_KEY_FILE: cannot read .*missing\.pem \(ENOENT\)/,
    );
    const other = await localhostCertificate(fs.mkdtempSync(path.join(os.tmpdir(), 'precinct-env-')));
    expect(() => loadConfig({ TLS_CERT_FILE: cert, TLS_KEY_FILE: other.keyFile })).toThrow(
      /TLS_KEY_FILE: .* is not the key of .*localhost\.crt/,
    );
    fs.writeFileSync(key, 'not a key');
    expect(() => loadConfig({ TLS_CERT_FILE: cert, TLS_KEY_FILE: key })).toThrow(/TLS_KEY_FILE: .*localhost\.key is not a PEM file/);
  });
});
