import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error.ts';
import { applyServerErrors } from './form-errors.ts';

function fakeForm(values: object) {
  const errors: Record<string, string> = {};
  return { errors, setFieldError: (path: string, message: string) => (errors[path] = message), getValues: () => values };
}

const values = { name: '', email: '', agency: { name: '', ori: '' } };

describe('server errors on a form', () => {
  it('go beside the inputs they name, nested paths included, leaving nothing for the form as a whole', () => {
    const form = fakeForm(values);
    const error = new ApiError(400, {
      message: 'Check the highlighted fields',
      details: null,
      hint: null,
      code: 'validation_failed',
      fields: { email: 'An account already uses this address', 'agency.ori': 'That ORI is already registered' },
    });
    expect(applyServerErrors(form, error)).toBeNull();
    expect(form.errors).toEqual({ email: 'An account already uses this address', 'agency.ori': 'That ORI is already registered' });
  });

  it('show a field the form does not have as a message for the whole form', () => {
    const form = fakeForm(values);
    const error = new ApiError(400, {
      message: 'Check',
      details: null,
      hint: null,
      code: 'validation_failed',
      fields: { invitation_token: 'This invitation has expired' },
    });
    expect(applyServerErrors(form, error)).toBe('This invitation has expired');
  });

  it('show an error without fields, with its hint, for the whole form', () => {
    const form = fakeForm(values);
    const error = new ApiError(400, {
      message: 'Invalid login credentials',
      details: null,
      hint: 'Check the address and password.',
      code: 'invalid_credentials',
    });
    expect(applyServerErrors(form, error)).toBe('Invalid login credentials Check the address and password.');
    expect(applyServerErrors(form, new Error('offline'))).toBe('offline');
  });
});
