import { notFound } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api-error.ts';
import { AppError, errorStatus, errorTitle, isFatalError, pageNotFoundMessage, shouldShowErrorPage } from './route-errors.ts';
import { isUuid, parseUuidParam, uuidParams } from '../lib/route-params.ts';
import { parseSearch, stringifySearch } from './search-params.ts';

describe('the error page', () => {
  it("is titled 'Page Not Found' for 404 and 'Internal Server Error' for anything else", () => {
    expect(errorTitle(404)).toBe('Page Not Found');
    expect(errorTitle(500)).toBe('Internal Server Error');
    expect(errorTitle(403)).toBe('Internal Server Error');
  });

  it('takes the status from the error and defaults to 500', () => {
    expect(errorStatus(notFound())).toBe(404);
    expect(errorStatus(new AppError('gone', { statusCode: 410 }))).toBe(410);
    expect(errorStatus(new ApiError(503, { message: 'down', details: null, hint: null, code: 'unavailable' }))).toBe(503);
    expect(errorStatus(new Error('plain'))).toBe(500);
    expect(errorStatus('a string')).toBe(500);
    expect(errorStatus({ statusCode: 200 })).toBe(500);
  });

  it("words the not-found message as 'Page not found: {path}'", () => {
    expect(pageNotFoundMessage('/nowhere?x=1')).toBe('Page not found: /nowhere?x=1');
  });

  it('counts not-found errors as fatal', () => {
    expect(isFatalError(notFound())).toBe(true);
    expect(isFatalError(new AppError('x', { fatal: true }))).toBe(true);
    expect(isFatalError(new Error('x'))).toBe(false);
  });

  it('is not shown to bots for non-fatal errors, but always to people', () => {
    expect(shouldShowErrorPage({ isBot: true, fatal: false })).toBe(false);
    expect(shouldShowErrorPage({ isBot: true, fatal: true })).toBe(true);
    expect(shouldShowErrorPage({ isBot: false, fatal: false })).toBe(true);
  });
});

describe('path parameters', () => {
  it('accept UUIDs of any version and normalise them to lower case', () => {
    expect(isUuid('5B0B8E4E-4F1E-4F57-9C57-8B1A3B0F6F11')).toBe(true);
    expect(parseUuidParam('5B0B8E4E-4F1E-4F57-9C57-8B1A3B0F6F11')).toBe('5b0b8e4e-4f1e-4f57-9c57-8b1a3b0f6f11');
  });

  it.each(['123', 'not-a-uuid', '5b0b8e4e-4f1e-4f57-9c57-8b1a3b0f6f1', "5b0b8e4e-4f1e-4f57-9c57-8b1a3b0f6f11' OR 1=1", ''])(
    'turn %j into the fatal not-found',
    (value) => {
      let thrown: unknown;
      try {
        parseUuidParam(value);
      } catch (error) {
        thrown = error;
      }
      expect(errorStatus(thrown)).toBe(404);
    },
  );

  it('validate every named parameter of a route', () => {
    const params = uuidParams('binder_id', 'dor_id');
    const good = { binder_id: '5b0b8e4e-4f1e-4f57-9c57-8b1a3b0f6f11', dor_id: '0d6c4c62-55a8-4bbb-9a5a-8d4c1f1b7a21' };
    expect(params.parse(good)).toEqual(good);
    expect(() => params.parse({ ...good, dor_id: 'x' })).toThrow();
  });
});

describe('query strings', () => {
  it('are read as plain text, numbers included', () => {
    expect(parseSearch('?token=123&module=Fleet%20Admin')).toEqual({ token: '123', module: 'Fleet Admin' });
  });

  it('are written without quotes and without empty values', () => {
    expect(stringifySearch({ module: 'Scheduling Admin', none: undefined })).toBe('?module=Scheduling+Admin');
    expect(stringifySearch({})).toBe('');
  });
});
