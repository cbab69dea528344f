import type { UpdateFleetSettingsInput } from '../../core/contracts/fleet.ts';
import type { z } from 'zod';
import { lockSysConfig, writeSysConfig } from '../platform/agency-settings.ts';
import { recordAudit } from '../platform/audit.ts';
import { inAgency, type RequestContext } from '../platform/context.ts';
import { validationError } from '../platform/errors.ts';
import { findTemplate } from './template-queries.ts';

import { defaultFleetSettings, type FleetSettings } from '../../core/contracts/fleet.ts';
import type { SysConfig } from '../../core/contracts/agency.ts';

/** The agency's fleet settings with defaults filled in for anything not yet configured. */
export function fleetSettingsOf(sysConfig: SysConfig): FleetSettings {
  const stored = (sysConfig.fleet_settings ?? {}) as Partial<FleetSettings>;
  const defaults = defaultFleetSettings();
  return {
    enabled: stored.enabled === true,
    vehicle_types: stored.vehicle_types ?? defaults.vehicle_types,
    service_categories: stored.service_categories ?? defaults.service_categories,
    default_templates: stored.default_templates ?? defaults.default_templates,
    squad_check_required_before_shift: stored.squad_check_required_before_shift ?? defaults.squad_check_required_before_shift,
    work_order_tax_rate: stored.work_order_tax_rate ?? defaults.work_order_tax_rate,
    fuel_unit: stored.fuel_unit ?? defaults.fuel_unit,
  };
}

/** Changes the fleet settings (vehicle types, service categories, default templates, the before-shift rule). */
export function updateFleetSettings(ctx: RequestContext, input: z.infer<typeof UpdateFleetSettingsInput>): Promise<FleetSettings> {
  return inAgency(ctx, async (tx) => {
    // Locked, so a module switch or profile save at the same moment is not overwritten.
    const sysConfig = await lockSysConfig(tx, ctx.scope.agencyId);
    const before = fleetSettingsOf(sysConfig);
    const next: FleetSettings = { ...before, ...input };
    for (const list of ['vehicle_types', 'service_categories'] as const) {
      const keys = next[list].map((t) => t.key);
      const duplicate = keys.find((k, i) => keys.indexOf(k) !== i);
      if (duplicate) throw validationError({ [list]: `The key ${duplicate} is used twice` });
    }
    for (const [type, templateId] of Object.entries(next.default_templates)) {
      if (!next.vehicle_types.some((t) => t.key === type)) throw validationError({ default_templates: `Unknown vehicle type ${type}` });
      if (!(await findTemplate(tx, ctx.scope.agencyId, templateId)))
        throw validationError({ default_templates: `The template for ${type} does not exist` });
    }
    await writeSysConfig(tx, ctx.scope.agencyId, {
      ...sysConfig,
      fleet_settings: { ...sysConfig.fleet_settings, ...next, enabled: before.enabled },
    });
    await recordAudit(tx, ctx.scope.agencyId, ctx.actor, {
      action: 'fleet.settings_changed',
      entityType: 'module',
      entityId: 'fleet',
      summary: 'Changed the fleet settings',
      before,
      after: next,
    });
    return next;
  });
}
