import * as z from 'zod/mini';
import { defineApi } from '../endpoints.ts';

/** Files of 10 MB at most, sent as their bytes; what they are for decides who may read them (server/storage/files.ts). */
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
export const UPLOAD_PURPOSES = ['fleet', 'reports', 'fto', 'productivity', 'citations', 'signature'] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];
export const UPLOAD_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'application/pdf', 'application/octet-stream'] as const;

/**
 * A file's name as its uploader's device had it, kept to show beside the file (`IMG_2231.jpg`): the
 * last part of a path, without control characters, at most 200 characters; empty means none.
 */
export const FileName = z.pipe(
  z.string().check(z.maxLength(1000)),
  z.transform((name: string) =>
    (name.split(/[\\/]/).pop() ?? '')
      // eslint-disable-next-line no-control-regex -- what is cleaned out is exactly the control characters
      .replace(/[\u0000-\u001f\u007f]/g, '')
      .trim()
      .slice(0, 200),
  ),
);

export const StoredFile = z.object({
  id: z.string(),
  url: z.string(),
  content_type: z.string(),
  size: z.int(),
  name: z.nullable(z.string()),
});
export type StoredFile = z.infer<typeof StoredFile>;

/** /storage/v1: uploads of the signed-in user's agency, and agencies' public logos. */
export const storageApi = defineApi('storage', '/storage/v1', {
  // Not idempotent: the body is the file itself; an upload retried after a lost answer leaves an unused file, never a wrong record.
  upload: {
    method: 'POST',
    path: '/object',
    access: { permission: 'authenticated' },
    query: z.object({ purpose: z.enum(UPLOAD_PURPOSES), name: z.optional(FileName) }),
    upload: { contentTypes: UPLOAD_TYPES, maxBytes: UPLOAD_MAX_BYTES },
    response: StoredFile,
    status: 201,
  },
  read: {
    method: 'GET',
    path: '/object/:id',
    access: { permission: 'authenticated' },
    params: z.object({ id: z.string().check(z.uuid('Not a valid id')) }),
    response: 'file',
  },
  agencyLogo: {
    method: 'GET',
    path: '/object/public/agency-logos/:agencyId',
    access: { public: true },
    params: z.object({ agencyId: z.uuid() }),
    response: 'file',
  },
});
