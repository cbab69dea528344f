import type { TemplateContent, TemplateField } from '../contracts/reports.ts';

/** A template field with the defaults most fields keep (not required, no help, no choices). */
export const field = (
  key: string,
  label: string,
  kind: TemplateField['kind'],
  required = false,
  extra: Partial<TemplateField> = {},
): TemplateField => ({
  key,
  label,
  kind,
  required,
  help: '',
  options: [],
  ...extra,
});

/**
 * The form of a report type that names no template (the server starts such reports on it; a report
 * started without a connection opens on it too).
 */
export const GENERAL_TEMPLATE: TemplateContent = {
  sections: [
    {
      key: 'incident',
      title: 'Incident',
      fields: [
        field('offense', 'Offense or incident', 'text', true, { help: 'As the statute or the call type names it' }),
        field('how_reported', 'How it was reported', 'choice', true, {
          options: ['Dispatched call', 'Officer initiated', 'Walk-in', 'Phone report'],
        }),
      ],
    },
    {
      key: 'involved',
      title: 'People, vehicles and property',
      fields: [
        field('people', 'People involved', 'person'),
        field('vehicles', 'Vehicles', 'vehicle'),
        field('property', 'Property', 'property'),
      ],
    },
    { key: 'account', title: 'Narrative', fields: [field('narrative', 'Narrative', 'narrative', true)] },
  ],
  narrative_skeleton: 'On {occurred_at} I responded to {location} for a report of {offense} ({how_reported}).',
};
