import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error.ts';
import { z } from 'zod';
import { applyServerErrors, schemaProblems } from './form-errors.ts';

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

describe('a form checked by its contract', () => {
  const Input = z.object({
    unit: z.string().trim().min(1, 'Enter the unit number'),
    make: z.string().trim().min(1, 'Enter the make'),
    year: z.number({ error: 'Enter the model year' }).min(1950, 'Enter a year from 1950'),
    plate: z.object({ state: z.string().regex(/^[A-Z]{2}$/, 'Use the two-letter state code') }),
  });

  it('names every field that is wrong at once, with the first message of each, by its path', () => {
    expect(schemaProblems(Input, { unit: '', make: ' ', year: Number.NaN, plate: { state: 'x' } })).toEqual({
      unit: 'Enter the unit number',
      make: 'Enter the make',
      year: 'Enter the model year',
      'plate.state': 'Use the two-letter state code',
    });
    expect(schemaProblems(Input, { unit: 'P-1', make: 'Ford', year: 2024, plate: { state: 'IL' } })).toEqual({});
  });
});
