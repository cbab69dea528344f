import type { ItemKind, Template, TemplateInput } from '../../../core/contracts/fleet.ts';

/**
 * The template builder's editing operations, pure: each takes the draft and returns a new one, so
 * the screen is a thin view over them and they are tested without a browser. Sections and items are
 * addressed by their ids (stable while things move), and every move has a keyboard twin (up/down).
 */

export type DraftItem = {
  id: string;
  label: string;
  kind: ItemKind;
  help: string;
  required: boolean;
  critical: boolean;
  note_required_on_fail: boolean;
  photo_required_on_fail: boolean;
  allow_na: boolean;
  min: number | null;
  max: number | null;
  unit: string;
  is_odometer: boolean;
  options: string[];
  failing_options: string[];
};

export type DraftSection = { id: string; title: string; items: DraftItem[] };

export type TemplateDraft = { name: string; description: string; vehicle_types: string[]; sections: DraftSection[] };

export const ITEM_KIND_LABELS: Record<ItemKind, string> = {
  pass_fail: 'Pass / fail',
  number: 'Number',
  choice: 'Choice',
  text: 'Text',
  photo: 'Photo',
  signature: 'Signature',
};

/** Short ids (the contract allows 40 characters), unique within the template. */
export function makeId(prefix: 'item' | 'section'): string {
  return `${prefix}_${crypto.randomUUID().replace(/-/g, '').slice(0, 12)}`;
}

/** Whether the kind has a failing answer (and so the on-fail rules mean something). */
export function kindCanFail(kind: ItemKind): boolean {
  return kind === 'pass_fail' || kind === 'number' || kind === 'choice';
}

export function newItem(kind: ItemKind, id: string = makeId('item')): DraftItem {
  return {
    id,
    label: '',
    kind,
    help: '',
    required: true,
    critical: false,
    note_required_on_fail: kindCanFail(kind),
    photo_required_on_fail: false,
    allow_na: false,
    min: null,
    max: null,
    unit: '',
    is_odometer: false,
    options: kind === 'choice' ? ['', ''] : [],
    failing_options: [],
  };
}

export function newSection(id: string = makeId('section'), itemId?: string): DraftSection {
  return { id, title: '', items: [newItem('pass_fail', itemId)] };
}

export function emptyDraft(): TemplateDraft {
  return { name: '', description: '', vehicle_types: [], sections: [newSection()] };
}

/** Moves the element at `from` to `to` (both clamped); the same array when nothing moves. */
export function moveInArray<T>(list: readonly T[], from: number, to: number): T[] {
  const target = Math.max(0, Math.min(list.length - 1, to));
  if (from < 0 || from >= list.length || from === target) return [...list];
  const next = [...list];
  const [moved] = next.splice(from, 1);
  next.splice(target, 0, moved as T);
  return next;
}

function mapSection(draft: TemplateDraft, sectionId: string, change: (section: DraftSection) => DraftSection): TemplateDraft {
  return { ...draft, sections: draft.sections.map((section) => (section.id === sectionId ? change(section) : section)) };
}

export function addSection(draft: TemplateDraft, section: DraftSection = newSection()): TemplateDraft {
  return { ...draft, sections: [...draft.sections, section] };
}

export function removeSection(draft: TemplateDraft, sectionId: string): TemplateDraft {
  return { ...draft, sections: draft.sections.filter((section) => section.id !== sectionId) };
}

export function renameSection(draft: TemplateDraft, sectionId: string, title: string): TemplateDraft {
  return mapSection(draft, sectionId, (section) => ({ ...section, title }));
}

/** Moves a section by `delta` places (−1 up, +1 down). */
export function moveSection(draft: TemplateDraft, sectionId: string, delta: number): TemplateDraft {
  const from = draft.sections.findIndex((section) => section.id === sectionId);
  return { ...draft, sections: moveInArray(draft.sections, from, from + delta) };
}

/** Drops a dragged section at `toIndex`. */
export function moveSectionTo(draft: TemplateDraft, sectionId: string, toIndex: number): TemplateDraft {
  const from = draft.sections.findIndex((section) => section.id === sectionId);
  return { ...draft, sections: moveInArray(draft.sections, from, toIndex) };
}

export function addItem(draft: TemplateDraft, sectionId: string, item: DraftItem = newItem('pass_fail')): TemplateDraft {
  return mapSection(draft, sectionId, (section) => ({ ...section, items: [...section.items, item] }));
}

export function removeItem(draft: TemplateDraft, sectionId: string, itemId: string): TemplateDraft {
  return mapSection(draft, sectionId, (section) => ({ ...section, items: section.items.filter((item) => item.id !== itemId) }));
}

/** Changes an item's fields; changing the kind keeps the label and the flags and resets what belongs to the old kind. */
export function updateItem(draft: TemplateDraft, sectionId: string, itemId: string, patch: Partial<Omit<DraftItem, 'id'>>): TemplateDraft {
  return mapSection(draft, sectionId, (section) => ({
    ...section,
    items: section.items.map((item) => {
      if (item.id !== itemId) return item;
      if (patch.kind !== undefined && patch.kind !== item.kind) {
        const fresh = newItem(patch.kind, item.id);
        return {
          ...fresh,
          label: item.label,
          help: item.help,
          required: item.required,
          critical: kindCanFail(patch.kind) && item.critical,
          allow_na: item.allow_na,
          ...patch,
        };
      }
      return { ...item, ...patch };
    }),
  }));
}

/**
 * Moves an item by `delta` places within its section; past the first or last place it crosses
 * into the neighbouring section (so the keyboard reaches every place a drag can).
 */
export function moveItem(draft: TemplateDraft, sectionId: string, itemId: string, delta: -1 | 1): TemplateDraft {
  const sectionIndex = draft.sections.findIndex((section) => section.id === sectionId);
  const section = draft.sections[sectionIndex];
  if (!section) return draft;
  const from = section.items.findIndex((item) => item.id === itemId);
  if (from < 0) return draft;
  const to = from + delta;
  if (to >= 0 && to < section.items.length) return mapSection(draft, sectionId, (s) => ({ ...s, items: moveInArray(s.items, from, to) }));
  const neighbour = draft.sections[sectionIndex + delta];
  if (!neighbour) return draft;
  return moveItemTo(draft, sectionId, itemId, neighbour.id, delta < 0 ? neighbour.items.length : 0);
}

/** Drops a dragged item into `toSectionId` at `toIndex` (within its section or across sections). */
export function moveItemTo(
  draft: TemplateDraft,
  fromSectionId: string,
  itemId: string,
  toSectionId: string,
  toIndex: number,
): TemplateDraft {
  const item = draft.sections.find((section) => section.id === fromSectionId)?.items.find((candidate) => candidate.id === itemId);
  if (!item) return draft;
  if (fromSectionId === toSectionId) {
    return mapSection(draft, fromSectionId, (section) => ({
      ...section,
      items: moveInArray(section.items, section.items.indexOf(item), toIndex),
    }));
  }
  const without = removeItem(draft, fromSectionId, itemId);
  return mapSection(without, toSectionId, (section) => {
    const items = [...section.items];
    items.splice(Math.max(0, Math.min(items.length, toIndex)), 0, item);
    return { ...section, items };
  });
}

/** Where an item sits: its section's position and its own (for "Item 2 of 5 in Exterior"). */
export function positionOf(draft: TemplateDraft, itemId: string): { section: number; item: number } | null {
  for (const [s, section] of draft.sections.entries()) {
    const i = section.items.findIndex((item) => item.id === itemId);
    if (i >= 0) return { section: s, item: i };
  }
  return null;
}

// ------------------------------------------------------------------ to and from the API

function itemOf(item: Template['sections'][number]['items'][number]): DraftItem {
  return {
    id: item.id,
    label: item.label,
    kind: item.kind,
    help: item.help ?? '',
    required: item.required,
    critical: item.critical,
    note_required_on_fail: item.note_required_on_fail,
    photo_required_on_fail: item.photo_required_on_fail,
    allow_na: item.allow_na,
    min: item.min ?? null,
    max: item.max ?? null,
    unit: item.unit ?? '',
    is_odometer: item.is_odometer ?? false,
    options: item.options ?? [],
    failing_options: item.failing_options ?? [],
  };
}

export function draftOf(template: Template): TemplateDraft {
  return {
    name: template.name,
    description: template.description,
    vehicle_types: [...template.vehicle_types],
    sections: template.sections.map((section) => ({ id: section.id, title: section.title, items: section.items.map(itemOf) })),
  };
}

/** The body of POST/PUT …/templates: each item carries only what its kind uses. */
export function templateInputOf(draft: TemplateDraft): TemplateInput {
  return {
    name: draft.name.trim(),
    description: draft.description.trim(),
    vehicle_types: draft.vehicle_types,
    sections: draft.sections.map((section) => ({
      id: section.id,
      title: section.title.trim(),
      items: section.items.map((item) => {
        const canFail = kindCanFail(item.kind);
        const options = item.options.map((option) => option.trim()).filter((option) => option !== '');
        return {
          id: item.id,
          label: item.label.trim(),
          kind: item.kind,
          ...(item.help.trim() ? { help: item.help.trim() } : {}),
          required: item.required,
          critical: canFail && item.critical,
          note_required_on_fail: canFail && item.note_required_on_fail,
          photo_required_on_fail: canFail && item.photo_required_on_fail,
          allow_na: item.allow_na,
          ...(item.kind === 'number'
            ? {
                ...(item.min !== null ? { min: item.min } : {}),
                ...(item.max !== null ? { max: item.max } : {}),
                ...(item.unit.trim() ? { unit: item.unit.trim() } : {}),
                is_odometer: item.is_odometer,
              }
            : {}),
          ...(item.kind === 'choice'
            ? { options, failing_options: item.failing_options.filter((option) => options.includes(option)) }
            : {}),
        };
      }),
    })),
  };
}

/**
 * A server field path such as `sections.1.items.0.label` → where it points in the draft, so the
 * message shows beside its input.
 */
export function fieldKeyOf(draft: TemplateDraft, path: string): string {
  const match = /^sections\.(\d+)(?:\.items\.(\d+))?(?:\.(\w+))?/.exec(path);
  if (!match) return path;
  const section = draft.sections[Number(match[1])];
  if (!section) return path;
  if (match[2] === undefined) return `section:${section.id}:${match[3] ?? 'title'}`;
  const item = section.items[Number(match[2])];
  return item ? `item:${item.id}:${match[3] ?? 'label'}` : path;
}
