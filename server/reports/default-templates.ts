import type { ReportType, TemplateContent } from '../../core/contracts/reports.ts';
import { lockSysConfig, writeSysConfig } from '../platform/agency-settings.ts';
import type { Tx } from '../platform/database.ts';
import { insertTemplate } from './template-queries.ts';
import { field, GENERAL_TEMPLATE } from '../../core/reports/general-template.ts';

/**
 * The templates every agency starts with, and the general form a report type without a template uses.
 * Each asks what a records supervisor checks first for that kind of report.
 */

const THEFT_TEMPLATE: TemplateContent = {
  sections: [
    {
      key: 'theft',
      title: 'The theft',
      fields: [
        field('offense', 'Offense', 'text', true),
        field('entry', 'Point and method of entry', 'long_text', false, { help: 'Leave blank when nothing was entered' }),
        field('loss_value', 'Total value of the loss', 'number', true, { help: 'In dollars, as the owner estimates it' }),
        field('discovered_on', 'Date discovered', 'date', true),
        field('discovered_at', 'Time discovered', 'time'),
        field('video', 'Video available', 'yes_no', true),
      ],
    },
    {
      key: 'involved',
      title: 'People and property',
      fields: [field('people', 'Victim, witnesses, suspect', 'person', true), field('property', 'Items taken', 'property', true)],
    },
    { key: 'account', title: 'Narrative', fields: [field('narrative', 'Narrative', 'narrative', true)] },
  ],
  narrative_skeleton:
    'On {occurred_at} I took a report of {offense} at {location}.\nThe loss was discovered on {discovered_on} at {discovered_at}. Entry: {entry}.\nThe owner values the loss at ${loss_value}. Video available: {video}.',
};

const CRASH_TEMPLATE: TemplateContent = {
  sections: [
    {
      key: 'crash',
      title: 'The crash',
      fields: [
        field('crash_type', 'Type of crash', 'choice', true, {
          options: ['Rear end', 'Angle', 'Sideswipe', 'Head on', 'Single vehicle', 'Pedestrian'],
        }),
        field('injuries', 'Injuries', 'yes_no', true),
        field('road_conditions', 'Road and weather conditions', 'text', true),
        field('citations_issued', 'Citations issued', 'number'),
      ],
    },
    {
      key: 'units',
      title: 'Drivers and vehicles',
      fields: [field('people', 'Drivers and passengers', 'person', true), field('vehicles', 'Vehicles', 'vehicle', true)],
    },
    { key: 'account', title: 'Narrative', fields: [field('narrative', 'Narrative', 'narrative', true)] },
  ],
  narrative_skeleton:
    'On {occurred_at} I was dispatched to a {crash_type} crash at {location}.\nRoad and weather: {road_conditions}. Injuries: {injuries}. Citations issued: {citations_issued}.',
};

/** A new agency's templates and report types (written into its reports settings). */
export async function seedDefaultTemplates(tx: Tx, agencyId: string): Promise<void> {
  const made = async (name: string, description: string, content: TemplateContent) =>
    (await insertTemplate(tx, { agencyId, name, description, scope: 'agency', ownerId: null, content })).id;
  const general = await made('General incident', 'Any incident without a form of its own.', GENERAL_TEMPLATE);
  const theft = await made(
    'Theft and burglary',
    'Thefts, burglaries and entries to autos: what was taken, how, and its value.',
    THEFT_TEMPLATE,
  );
  const crash = await made('Traffic crash', 'A crash report: drivers, vehicles, conditions and injuries.', CRASH_TEMPLATE);
  const types: ReportType[] = [
    { key: 'incident', label: 'Incident', template_id: general },
    { key: 'theft', label: 'Theft', template_id: theft },
    { key: 'burglary', label: 'Burglary', template_id: theft },
    { key: 'crash', label: 'Traffic crash', template_id: crash },
    { key: 'damage', label: 'Criminal damage to property', template_id: general },
    { key: 'owi', label: 'Operating while intoxicated', template_id: general },
  ];
  const sysConfig = await lockSysConfig(tx, agencyId);
  await writeSysConfig(tx, agencyId, { ...sysConfig, reports_settings: { ...sysConfig.reports_settings, types } });
}
