import crypto from 'node:crypto';
import { desc, isNull } from 'drizzle-orm';
import { exportJWK, generateKeyPair, importJWK, type JWK, type CryptoKey } from 'jose';
import { signingKeys } from '../db/schema.ts';
import type { Database } from './database.ts';
import { decrypt, encrypt } from './secret.ts';

export const ACCESS_TOKEN_TTL_SECONDS = 3600;
const ALGORITHM = 'ES256';
const UNKNOWN_KID_RELOAD_INTERVAL_MS = 10_000;

interface LoadedKey {
  kid: string;
  publicJwk: JWK;
  publicKey: CryptoKey;
  privateKey: CryptoKey | null;
  createdAt: Date;
  retiredAt: Date | null;
}

/**
 * ES256 signing keys, generated on first start and stored encrypted. One key signs; older keys stay
 * published in the JWKS until every token they signed has expired, then drop out. Several servers
 * share the keys through the database: an unknown `kid` makes a server reload them.
 */
export class SigningKeys {
  private keys = new Map<string, LoadedKey>();
  private current: LoadedKey | null = null;
  private readonly database: Database;
  private readonly secret: Buffer;
  private readonly rotationDays: number;

  constructor(options: { database: Database; secret: Buffer; rotationDays: number }) {
    this.database = options.database;
    this.secret = options.secret;
    this.rotationDays = options.rotationDays;
  }

  /** Loads the keys and makes sure a fresh one signs (rotating when the current one is due). */
  async init(now = new Date()) {
    await this.reload();
    const due = !this.current || now.getTime() - this.current.createdAt.getTime() > this.rotationDays * 86_400_000;
    if (due) await this.rotate(now);
  }

  async rotate(now = new Date()) {
    const { publicKey, privateKey } = await generateKeyPair(ALGORITHM, { extractable: true });
    const kid = crypto.randomUUID();
    const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: ALGORITHM, use: 'sig' };
    const privateJwk = await exportJWK(privateKey);
    await this.database.withoutTenant(async (tx) => {
      await tx.update(signingKeys).set({ retiredAt: now }).where(isNull(signingKeys.retiredAt));
      await tx.insert(signingKeys).values({
        kid,
        algorithm: ALGORITHM,
        publicJwk,
        privateKeyEncrypted: encrypt(this.secret, JSON.stringify(privateJwk)),
        createdAt: now,
      });
    });
    await this.reload();
  }

  async reload() {
    this.reloads += 1;
    this.lastReloadAt = Date.now();
    const rows = await this.database.withoutTenant((tx) => tx.select().from(signingKeys).orderBy(desc(signingKeys.createdAt)));
    const keys = new Map<string, LoadedKey>();
    for (const row of rows) {
      const publicJwk = row.publicJwk as JWK;
      const loaded: LoadedKey = {
        kid: row.kid,
        publicJwk,
        publicKey: (await importJWK(publicJwk, ALGORITHM)) as CryptoKey,
        privateKey: row.retiredAt
          ? null
          : ((await importJWK(JSON.parse(decrypt(this.secret, row.privateKeyEncrypted)) as JWK, ALGORITHM)) as CryptoKey),
        createdAt: row.createdAt,
        retiredAt: row.retiredAt,
      };
      keys.set(row.kid, loaded);
    }
    this.keys = keys;
    this.current = [...keys.values()].find((k) => k.privateKey && !k.retiredAt) ?? null;
  }

  signingKey(): { kid: string; key: CryptoKey } {
    if (!this.current?.privateKey) throw new Error('No signing key loaded; call init() first');
    return { kid: this.current.kid, key: this.current.privateKey };
  }

  /** How many times the keys were read from the database (for tests of the reload throttle). */
  reloads = 0;
  private lastReloadAt = 0;

  /**
   * The public key for a kid, reloading from the database when another server has rotated. Unknown
   * kids can be sent by anyone, so a reload for them happens at most once every 10 seconds.
   */
  async verificationKey(kid: string): Promise<CryptoKey | null> {
    if (!this.keys.has(kid) && Date.now() - this.lastReloadAt > UNKNOWN_KID_RELOAD_INTERVAL_MS) await this.reload();
    return this.keys.get(kid)?.publicKey ?? null;
  }

  /** Public keys only: the signing key and every retired key whose tokens may still be valid. */
  jwks(now = new Date()): { keys: JWK[] } {
    const horizon = now.getTime() - ACCESS_TOKEN_TTL_SECONDS * 1000;
    return {
      keys: [...this.keys.values()]
        .filter((k) => !k.retiredAt || k.retiredAt.getTime() > horizon)
        .map((k) => ({
          kty: k.publicJwk.kty,
          crv: k.publicJwk.crv,
          x: k.publicJwk.x,
          y: k.publicJwk.y,
          kid: k.kid,
          alg: ALGORITHM,
          use: 'sig',
        })),
    };
  }
}
