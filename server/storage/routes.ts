import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readAgencyLogo } from '../admin/agency.ts';
import { perPerson } from '../platform/rate-limits.ts';
import { requestContext } from '../platform/context.ts';
import type { Services } from '../platform/services.ts';
import { readFile, UPLOAD_MAX_BYTES, UPLOAD_PURPOSES, uploadFile } from './files.ts';

/** Files are served so that a browser can only show them, never run them. */
const SAFE_FILE_HEADERS = { 'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'", 'x-content-type-options': 'nosniff' };

/** storage/v1: uploads of the signed-in user's agency, and agencies' public logos. */
export function storageRoutes(services: Services) {
  return async function register(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.addContentTypeParser(['image/png', 'image/jpeg', 'image/webp', 'application/pdf', 'application/octet-stream'], { parseAs: 'buffer', bodyLimit: UPLOAD_MAX_BYTES + 1 }, (_request, body, done) =>
      done(null, body),
    );
    const tags = ['storage'];

    app.post(
      '/object',
      {
        // A phone on a bad connection retries; 60 files a minute per person is far above any real form.
        config: { access: { permission: 'authenticated' }, rateLimit: perPerson(60, 'sent a lot of files') },
        schema: {
          tags,
          querystring: z.object({ purpose: z.enum(UPLOAD_PURPOSES) }),
          response: { 201: z.object({ id: z.string(), url: z.string(), content_type: z.string(), size: z.number().int() }) },
        },
      },
      async (request, reply) => reply.status(201).send(await uploadFile(requestContext(services, request), Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0), request.query.purpose)),
    );

    app.get('/object/:id', { config: { access: { permission: 'authenticated' } }, schema: { tags, params: z.object({ id: z.string().uuid('Not a valid id') }) } }, async (request, reply) => {
      const file = await readFile(requestContext(services, request), request.params.id);
      return reply.type(file.type).headers({ ...SAFE_FILE_HEADERS, 'cache-control': 'private, max-age=3600', 'content-disposition': 'inline' }).send(file.data);
    });

    app.get(
      '/object/public/agency-logos/:agencyId',
      { config: { access: { public: true } }, schema: { tags, params: z.object({ agencyId: z.string().uuid() }) } },
      async (request, reply) => {
        const logo = await readAgencyLogo({ services }, request.params.agencyId);
        if (!logo) return reply.status(404).send({ message: 'No logo', details: null, hint: null, code: 'not_found' });
        return reply.type(logo.type).headers({ ...SAFE_FILE_HEADERS, 'cache-control': 'public, max-age=86400' }).send(logo.data);
      },
    );
  };
}
