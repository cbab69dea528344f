import type { Court } from '../../../core/contracts/citations.ts';

/**
 * A new court's key from its name ("Riverside Municipal Court" -> riverside_municipal_court), not taken
 * by another court of the list (a number is added). A saved court keeps its key when renamed, so the
 * citations that name it keep their court.
 */
export function courtKeyOf(name: string, courts: readonly Pick<Court, 'key'>[]): string {
  const base =
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '_')
      .replace(/^_+|_+$/g, '')
      .slice(0, 36) || 'court';
  const taken = new Set(courts.map((court) => court.key));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) if (!taken.has(`${base}_${n}`)) return `${base}_${n}`;
}
