import {
  UpdateVendorInput as UpdateSchema,
  VendorInput as VendorSchema,
  type ListVendorsQuery,
  type UpdateVendorInput,
  type Vendor,
  type VendorInput,
} from '../../core/contracts/fleet-records.ts';
import type { Page } from '../../core/contracts/admin.ts';
import { recordAudit } from '../platform/audit.ts';
import { inAgency, type RequestContext } from '../platform/context.ts';
import type { Tx } from '../platform/database.ts';
import { AppError, validationError } from '../platform/errors.ts';
import { staleVersion } from '../platform/versioning.ts';
import {
  activeVendorNames,
  findVendor,
  findVendorByName,
  insertVendor,
  listVendors,
  updateVendorRow,
  type VendorRow,
} from './vendor-queries.ts';

/**
 * The vendor list (issue 22, point 5): the shops the fleet office sends work to and buys fuel from.
 * A service request, a work order and a fuel entry name one of them; a vendor is retired, never deleted,
 * so the records that name it keep their name.
 */

function present(row: VendorRow): Vendor {
  return {
    id: row.id,
    name: row.name,
    phone: row.phone,
    email: row.email,
    address: row.address,
    account_number: row.accountNumber,
    notes: row.notes,
    active: row.active,
    version: row.version,
  };
}

function columnsOf(input: ReturnType<typeof UpdateSchema.parse>) {
  return {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.phone !== undefined ? { phone: input.phone } : {}),
    ...(input.email !== undefined ? { email: input.email } : {}),
    ...(input.address !== undefined ? { address: input.address } : {}),
    ...(input.account_number !== undefined ? { accountNumber: input.account_number } : {}),
    ...(input.notes !== undefined ? { notes: input.notes } : {}),
    ...(input.active !== undefined ? { active: input.active } : {}),
  };
}

/** Two vendors of one agency never share a name (in any case), so a picker tells them apart. */
async function checkNameFree(tx: Tx, agencyId: string, name: string, self: string | null) {
  const same = await findVendorByName(tx, agencyId, name);
  if (same && same.id !== self) throw validationError({ name: `${same.name} is already on the list${same.active ? '' : ' (retired)'}` });
}

export function listAgencyVendors(ctx: RequestContext, query: ListVendorsQuery): Promise<Page<Vendor>> {
  return inAgency(ctx, async (tx) => {
    const { rows, total } = await listVendors(tx, ctx.scope.agencyId, query);
    return { items: rows.map(present), total, page: query.page, page_size: query.page_size };
  });
}

/** The active vendors' names, for the officer's fuel form. */
export function listFuelVendors(ctx: RequestContext) {
  return inAgency(ctx, (tx) => activeVendorNames(tx, ctx.scope.agencyId));
}

export function getVendor(ctx: RequestContext, id: string): Promise<Vendor> {
  return inAgency(ctx, async (tx) => {
    const row = await findVendor(tx, ctx.scope.agencyId, id);
    if (!row) throw new AppError('not_found', 'Vendor not found');
    return present(row);
  });
}

export function createVendor(ctx: RequestContext, raw: VendorInput): Promise<Vendor> {
  return inAgency(ctx, async (tx) => {
    const input = VendorSchema.parse(raw);
    await checkNameFree(tx, ctx.scope.agencyId, input.name, null);
    const row = await insertVendor(tx, { agencyId: ctx.scope.agencyId, ...columnsOf(input), name: input.name });
    await recordAudit(tx, ctx.scope.agencyId, ctx.actor, {
      action: 'vendor.created',
      entityType: 'vendor',
      entityId: row.id,
      summary: `Added the vendor ${row.name}`,
      after: present(row),
    });
    return present(row);
  });
}

/** Corrects a vendor or retires it (or brings it back), against the version the office saw. */
export function updateVendor(ctx: RequestContext, id: string, version: number, raw: UpdateVendorInput): Promise<Vendor> {
  return inAgency(ctx, async (tx) => {
    const input = UpdateSchema.parse(raw);
    const before = await findVendor(tx, ctx.scope.agencyId, id);
    if (!before) throw new AppError('not_found', 'Vendor not found');
    if (before.version !== version) throw staleVersion('vendor');
    if (input.name !== undefined) await checkNameFree(tx, ctx.scope.agencyId, input.name, id);
    const updated = await updateVendorRow(tx, ctx.scope.agencyId, id, version, columnsOf(input));
    if (!updated) throw staleVersion('vendor');
    const retiring = input.active !== undefined && input.active !== before.active;
    await recordAudit(tx, ctx.scope.agencyId, ctx.actor, {
      action: retiring ? (updated.active ? 'vendor.reactivated' : 'vendor.retired') : 'vendor.updated',
      entityType: 'vendor',
      entityId: id,
      summary: `${retiring ? (updated.active ? 'Brought back' : 'Retired') : 'Changed'} the vendor ${updated.name}`,
      before: present(before),
      after: present(updated),
    });
    return present(updated);
  });
}
