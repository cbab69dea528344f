import { isNotFound } from '@tanstack/react-router';

/**
 * What the error page shows (spec sections 2 and 8): status 404 is "Page Not Found", any other
 * status "Internal Server Error"; the status comes from the error and defaults to 500. An unmatched
 * path, and anything that fails route validation, is a fatal not-found error with the message
 * 'Page not found: {path}'.
 */

export const PAGE_NOT_FOUND_TITLE = 'Page Not Found';
export const INTERNAL_ERROR_TITLE = 'Internal Server Error';

export function pageNotFoundMessage(path: string): string {
  return `Page not found: ${path}`;
}

/** An error with a status, as thrown by screens (the app's createError). */
export class AppError extends Error {
  override readonly name = 'AppError';
  readonly statusCode: number;
  readonly fatal: boolean;
  constructor(message: string, options: { statusCode?: number; fatal?: boolean; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.statusCode = options.statusCode ?? 500;
    this.fatal = options.fatal ?? false;
  }
}

function numericField(error: object, field: 'statusCode' | 'status'): number | undefined {
  const value: unknown = (error as Record<string, unknown>)[field];
  return typeof value === 'number' && Number.isInteger(value) && value >= 400 && value <= 599 ? value : undefined;
}

/** The HTTP-style status of an error: 404 for not-found, else its statusCode or status, else 500. */
export function errorStatus(error: unknown): number {
  if (isNotFound(error)) return 404;
  if (typeof error === 'object' && error !== null) {
    return numericField(error, 'statusCode') ?? numericField(error, 'status') ?? 500;
  }
  return 500;
}

export function errorTitle(status: number): string {
  return status === 404 ? PAGE_NOT_FOUND_TITLE : INTERNAL_ERROR_TITLE;
}

/** Not-found and route-validation failures are fatal; so is any AppError marked fatal. */
export function isFatalError(error: unknown): boolean {
  return isNotFound(error) || (error instanceof AppError && error.fatal) || errorStatus(error) === 404;
}

/**
 * Spec section 8: errors seen by crawlers and bots go to the app error hook without the error page;
 * fatal or unhandled errors show it. For a bot a fatal error (a not-found) still shows, so that a
 * crawler indexes "Page Not Found" rather than an empty page.
 */
export function shouldShowErrorPage(input: { isBot: boolean; fatal: boolean }): boolean {
  return !input.isBot || input.fatal;
}
