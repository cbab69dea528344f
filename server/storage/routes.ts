import type { FastifyInstance } from 'fastify';
import { storageApi } from '../../core/contracts/storage.ts';
import { readAgencyLogo } from '../platform/agencies.ts';
import { registerApi } from '../platform/endpoints.ts';
import { AppError } from '../platform/errors.ts';
import { perPerson } from '../platform/rate-limits.ts';
import type { Services } from '../platform/services.ts';
import { readFile, uploadFile } from './files.ts';

/**
 * Files are served so that a browser can only show them, never run them: no script, no requests of
 * their own, a sandbox even if opened directly. A PDF (whose viewer a sandbox would break, and which
 * can carry actions of its own) is downloaded, not opened in the app's origin.
 */
const SAFE_FILE_HEADERS = {
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
  'x-content-type-options': 'nosniff',
};

/** The handlers of storageApi (core/contracts/storage.ts). */
export function storageRoutes(app: FastifyInstance, services: Services) {
  return registerApi(app, services, storageApi, {
    // A phone on a bad connection retries; 60 files a minute per person is far above any real form.
    upload: {
      handle: (ctx, { query, body }) => uploadFile(ctx, Buffer.isBuffer(body) ? body : Buffer.alloc(0), query.purpose, query.name),
      route: { rateLimit: perPerson(60, 'sent a lot of files') },
    },
    read: async (ctx, { params }) => {
      const file = await readFile(ctx, params.id);
      return {
        data: file.data,
        contentType: file.type,
        headers: {
          ...SAFE_FILE_HEADERS,
          // Records' photos and signatures are personal data: a shared patrol-car laptop keeps no copy.
          'cache-control': 'no-store',
          'content-disposition': file.type === 'application/pdf' ? `attachment; filename="${params.id}.pdf"` : 'inline',
        },
      };
    },
    agencyLogo: async (ctx, { params }) => {
      const logo = await readAgencyLogo(ctx.services, params.agencyId);
      if (!logo) throw new AppError('not_found', 'No logo');
      return { data: logo.data, contentType: logo.type, headers: { ...SAFE_FILE_HEADERS, 'cache-control': 'public, max-age=86400' } };
    },
  });
}
