import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { responseSerializerCompiler } from './response-serializer.ts';

const Vehicle = z.object({
  id: z.string(),
  odometer: z.number(),
  assigned_name: z.nullable(z.string()),
  notes: z.optional(z.string()),
  equipment: z.array(z.object({ key: z.string(), label: z.string() })),
  counts: z.record(z.string(), z.number()),
  owner: z.union([z.object({ kind: z.literal('user'), id: z.string() }), z.object({ kind: z.literal('group'), name: z.string() })]),
});
const Page = z.object({ items: z.array(Vehicle), total: z.number() });

function serializerFor(schema: unknown, checked: boolean) {
  const compile = responseSerializerCompiler({ checked });
  return compile({ schema, method: 'GET', url: '/vehicles', httpStatus: '200' } as Parameters<typeof compile>[0]);
}

const row = {
  id: 'v1',
  odometer: 12_000,
  assigned_name: null,
  equipment: [{ key: 'lightbar', label: 'Lightbar', supplier_cost_cents: 41_000 }],
  counts: { open: 2 },
  owner: { kind: 'user', id: 'u1', password_hash: 'secret' },
  vin_internal: 'hidden',
};

describe('the response serializer', () => {
  it('sends only what the contract names, in arrays, records and unions alike, as zod writes it', () => {
    for (const checked of [true, false]) {
      const written = JSON.parse(
        serializerFor(Page, checked)({ items: [row, { ...row, id: 'v2', notes: 'Spare' }], total: 2, debug: true }),
      );
      expect(written).toEqual({
        items: [
          {
            id: 'v1',
            odometer: 12_000,
            assigned_name: null,
            equipment: [{ key: 'lightbar', label: 'Lightbar' }],
            counts: { open: 2 },
            owner: { kind: 'user', id: 'u1' },
          },
          {
            id: 'v2',
            odometer: 12_000,
            assigned_name: null,
            notes: 'Spare',
            equipment: [{ key: 'lightbar', label: 'Lightbar' }],
            counts: { open: 2 },
            owner: { kind: 'user', id: 'u1' },
          },
        ],
        total: 2,
      });
    }
  });

  it('refuses an answer its contract does not allow outside production, as zod’s own serializer did', () => {
    const wrong = { items: [{ ...row, odometer: 'twelve thousand' }], total: 1 };
    expect(() => serializerFor(Page, true)(wrong)).toThrow();
    // In production the declared keys are copied without checking each value.
    expect(JSON.parse(serializerFor(Page, false)(wrong)).items[0].odometer).toBe('twelve thousand');
  });

  it('leaves a union that does not match to zod, which refuses it even in production', () => {
    const stranger = { items: [{ ...row, owner: { kind: 'robot' } }], total: 1 };
    expect(() => serializerFor(Page, false)(stranger)).toThrow();
  });

  it('never writes a whole object where the contract has a value or a list, even in production', () => {
    const user = { id: 'u1', password_hash: 'SECRET' };
    for (const odd of [
      { ...row, id: user },
      { ...row, assigned_name: user },
      { ...row, equipment: { first: user } },
    ])
      expect(() => serializerFor(Page, false)({ items: [odd], total: 1 })).toThrow();
  });

  it('writes a value the contract trims as zod writes it, trimmed', () => {
    const Address = z.object({ city: z.string().check(z.trim()) });
    for (const checked of [true, false]) expect(serializerFor(Address, checked)({ city: '  Springfield ' })).toBe('{"city":"Springfield"}');
  });

  it('copies a contract that refers to itself', () => {
    const Node = z.object({
      name: z.string(),
      get children() {
        return z.array(Node);
      },
    });
    const tree = { name: 'root', secret: 1, children: [{ name: 'leaf', secret: 2, children: [] }] };
    expect(JSON.parse(serializerFor(Node, false)(tree))).toEqual({ name: 'root', children: [{ name: 'leaf', children: [] }] });
  });
});
