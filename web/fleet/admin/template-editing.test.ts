import { describe, expect, it } from 'vitest';
import { TemplateInput } from '../../../core/contracts/fleet.ts';
import {
  addItem,
  addSection,
  draftOf,
  fieldKeyOf,
  moveInArray,
  moveItem,
  moveItemTo,
  moveSection,
  moveSectionTo,
  newItem,
  removeItem,
  removeSection,
  templateInputOf,
  updateItem,
  type TemplateDraft,
} from './template-editing.ts';

function draft(): TemplateDraft {
  const item = (id: string, label: string) => ({ ...newItem('pass_fail', id), label });
  return {
    name: 'Patrol car',
    description: '',
    vehicle_types: ['patrol'],
    sections: [
      { id: 's1', title: 'Exterior', items: [item('a', 'Lights'), item('b', 'Tyres'), item('c', 'Body')] },
      { id: 's2', title: 'Interior', items: [item('d', 'Radio')] },
    ],
  };
}

const ids = (d: TemplateDraft) => d.sections.map((section) => `${section.id}:${section.items.map((item) => item.id).join('')}`);

describe('template editing', () => {
  it('moves within a list, clamping at the ends', () => {
    expect(moveInArray(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(moveInArray(['a', 'b', 'c'], 2, -5)).toEqual(['c', 'a', 'b']);
    expect(moveInArray(['a', 'b'], 5, 0)).toEqual(['a', 'b']);
  });

  it('moves an item up and down with the keyboard, crossing into the next section at the edges', () => {
    expect(ids(moveItem(draft(), 's1', 'a', 1))).toEqual(['s1:bac', 's2:d']);
    expect(ids(moveItem(draft(), 's1', 'c', 1))).toEqual(['s1:ab', 's2:cd']);
    expect(ids(moveItem(draft(), 's2', 'd', -1))).toEqual(['s1:abcd', 's2:']);
    // Nowhere to go: unchanged.
    expect(ids(moveItem(draft(), 's1', 'a', -1))).toEqual(['s1:abc', 's2:d']);
  });

  it('drops a dragged item anywhere, in its section or another', () => {
    expect(ids(moveItemTo(draft(), 's1', 'c', 's1', 0))).toEqual(['s1:cab', 's2:d']);
    expect(ids(moveItemTo(draft(), 's1', 'b', 's2', 1))).toEqual(['s1:ac', 's2:db']);
    expect(ids(moveItemTo(draft(), 's1', 'zzz', 's2', 0))).toEqual(['s1:abc', 's2:d']);
  });

  it('reorders, adds and removes sections and items', () => {
    expect(ids(moveSection(draft(), 's2', -1))).toEqual(['s2:d', 's1:abc']);
    expect(ids(moveSectionTo(draft(), 's1', 1))).toEqual(['s2:d', 's1:abc']);
    expect(ids(removeSection(draft(), 's1'))).toEqual(['s2:d']);
    expect(ids(removeItem(draft(), 's1', 'b'))).toEqual(['s1:ac', 's2:d']);
    expect(ids(addItem(draft(), 's2', newItem('text', 'e')))).toEqual(['s1:abc', 's2:de']);
    expect(addSection(draft(), { id: 's3', title: 'Trunk', items: [] }).sections.map((section) => section.id)).toEqual(['s1', 's2', 's3']);
  });

  it('changing an item’s kind keeps its label and resets what the old kind used', () => {
    const asChoice = updateItem(draft(), 's1', 'a', { kind: 'choice' });
    const item = asChoice.sections[0]!.items[0]!;
    expect(item).toMatchObject({ id: 'a', label: 'Lights', kind: 'choice', options: ['', ''] });
    const asText = updateItem(asChoice, 's1', 'a', { kind: 'text' });
    expect(asText.sections[0]!.items[0]).toMatchObject({ kind: 'text', options: [], critical: false });
  });

  it('builds a body the contract accepts with every item kind, each carrying only what its kind uses', () => {
    let d = draft();
    d = updateItem(d, 's1', 'a', { critical: true, photo_required_on_fail: true });
    d = addItem(d, 's2', { ...newItem('number', 'n'), label: 'Odometer', min: 0, max: 500000, unit: 'mi', is_odometer: true });
    d = addItem(d, 's2', {
      ...newItem('choice', 'f'),
      label: 'Fuel',
      options: ['Full', ' Half ', 'Empty', ''],
      failing_options: ['Empty', 'Gone'],
    });
    d = addItem(d, 's2', { ...newItem('text', 't'), label: 'Remarks', required: false, critical: true });
    d = addItem(d, 's2', { ...newItem('photo', 'p'), label: 'Damage photo', allow_na: true });
    d = addItem(d, 's2', { ...newItem('signature', 'g'), label: 'Officer signature' });
    const input = templateInputOf(d);
    expect(TemplateInput.safeParse(input).success).toBe(true);
    const items = input.sections[1]!.items;
    expect(items.find((i) => i.id === 'n')).toMatchObject({ min: 0, max: 500000, unit: 'mi', is_odometer: true });
    expect(items.find((i) => i.id === 'f')).toMatchObject({ options: ['Full', 'Half', 'Empty'], failing_options: ['Empty'] });
    // Text cannot fail: the on-fail rules are dropped.
    expect(items.find((i) => i.id === 't')).toMatchObject({ critical: false, note_required_on_fail: false, required: false });
    expect(items.find((i) => i.id === 't')).not.toHaveProperty('options');
  });

  it('round-trips a saved template', () => {
    const input = TemplateInput.parse(templateInputOf(draft()));
    const template = {
      id: 'x',
      name: input.name,
      description: input.description,
      vehicle_types: input.vehicle_types,
      version_id: 'v',
      version_number: 3,
      sections: input.sections,
      retired: false,
      updated_at: '',
      version: 1,
    };
    expect(templateInputOf(draftOf(template))).toEqual(templateInputOf(draft()));
  });

  it('points a server field path at the input it belongs to', () => {
    expect(fieldKeyOf(draft(), 'sections.1.items.0.label')).toBe('item:d:label');
    expect(fieldKeyOf(draft(), 'sections.0.title')).toBe('section:s1:title');
    expect(fieldKeyOf(draft(), 'name')).toBe('name');
  });
});
