import { GUIDED_KEYS, type GuidedKey, type ReportContent, type TemplateContent } from '../contracts/reports.ts';
import { field } from './general-template.ts';

/**
 * The four guided templates (spec: owi, entrytoauto, retailtheft, criminaldamagetoproperty): the
 * questions an experienced officer asks for that kind of case, and a writer that turns the answers into
 * a first narrative the officer then edits. Unlike a template's skeleton, the writer leaves out what
 * does not apply (no refusal paragraph when a test was taken) and words each answer as a sentence; an
 * answer it needs and does not have becomes an `[INSERT …]` placeholder, which blocks submission.
 */

export { GUIDED_KEYS, type GuidedKey };

export interface GuidedTemplate {
  key: GuidedKey;
  name: string;
  /** What the officer reads before starting. */
  description: string;
  /** The agency's report type offered first (when it has one with this key). */
  typeKey: string;
  content: TemplateContent;
}

export const GUIDED_TEMPLATES: Record<GuidedKey, GuidedTemplate> = {
  owi: {
    key: 'owi',
    name: 'Operating while intoxicated (OWI)',
    description:
      'The stop, your observations, the standardised field sobriety tests with their clues, the preliminary breath test, the arrest, the implied-consent warning and the chemical test or refusal.',
    typeKey: 'owi',
    content: {
      sections: [
        {
          key: 'stop',
          title: 'The stop',
          fields: [
            field('stop_reason', 'Reason for the stop', 'long_text', true, {
              help: 'What you saw the vehicle do, e.g. weaving across the centre line for two blocks',
            }),
            field('driver_contact', 'First contact with the driver', 'long_text', false, {
              help: 'How the driver pulled over, produced documents, answered',
            }),
          ],
        },
        {
          key: 'observations',
          title: 'Observations',
          fields: [
            field('odor', 'Odour of an intoxicant', 'yes_no', true),
            field('speech', 'Speech', 'choice', true, { options: ['Normal', 'Slurred', 'Slow', 'Rapid'] }),
            field('eyes', 'Eyes', 'choice', true, { options: ['Normal', 'Bloodshot and glassy', 'Watery', 'Dilated'] }),
            field('admitted_drinks', 'Drinks the driver admitted', 'text', false, { help: 'In their words, e.g. “two beers at Joe’s”' }),
          ],
        },
        {
          key: 'sfst',
          title: 'Standardised field sobriety tests',
          fields: [
            field('sfst_done', 'Field sobriety tests performed', 'yes_no', true),
            field('hgn_clues', 'Horizontal gaze nystagmus: clues (of 6)', 'number'),
            field('wat_clues', 'Walk and turn: clues (of 8)', 'number'),
            field('ols_clues', 'One leg stand: clues (of 4)', 'number'),
            field('pbt_result', 'Preliminary breath test result', 'text', false, { help: 'e.g. 0.14, or “refused”' }),
          ],
        },
        {
          key: 'arrest',
          title: 'Arrest and chemical test',
          fields: [
            field('arrested', 'Arrested for OWI', 'yes_no', true),
            field('implied_consent_time', 'Implied-consent warning read at', 'time'),
            field('chemical_test', 'Chemical test', 'choice', true, { options: ['Breath', 'Blood', 'Refused', 'Not requested'] }),
            field('chemical_result', 'Chemical test result', 'text', false, { help: 'e.g. 0.15 g/210L, or “pending lab”' }),
            field('people', 'Driver and witnesses', 'person', true),
            field('vehicles', 'Vehicle', 'vehicle', true),
          ],
        },
        { key: 'account', title: 'Narrative', fields: [field('narrative', 'Narrative', 'narrative', true)] },
      ],
      narrative_skeleton: '',
    },
  },
  entrytoauto: {
    key: 'entrytoauto',
    name: 'Entry to auto',
    description: 'The vehicle, the point and method of entry, the items taken with their serial numbers, the canvass and the evidence.',
    typeKey: 'theft',
    content: {
      sections: [
        {
          key: 'entry',
          title: 'The vehicle and the entry',
          fields: [
            field('parked_since', 'Parked and locked since', 'text', true, { help: 'e.g. 22:00 the evening before' }),
            field('point_of_entry', 'Point of entry', 'choice', true, {
              options: ['Driver door', 'Passenger door', 'Rear door', 'Window smashed', 'Hatch or trunk', 'Unlocked, no damage'],
            }),
            field('method', 'Method of entry', 'long_text', false, { help: 'Pried, broken with a tool, door left unlocked…' }),
            field('vehicles', 'The vehicle', 'vehicle', true),
            field('people', 'Owner and witnesses', 'person', true),
          ],
        },
        {
          key: 'loss',
          title: 'What was taken',
          fields: [field('property', 'Items taken', 'property', true), field('loss_value', 'Total value of the loss ($)', 'number', true)],
        },
        {
          key: 'investigation',
          title: 'Canvass and evidence',
          fields: [
            field('canvass', 'Canvass', 'long_text', true, { help: 'Who you spoke to nearby and what they saw; cameras found' }),
            field('evidence', 'Evidence collected', 'long_text', false, { help: 'Prints lifted, photographs, items left behind' }),
          ],
        },
        { key: 'account', title: 'Narrative', fields: [field('narrative', 'Narrative', 'narrative', true)] },
      ],
      narrative_skeleton: '',
    },
  },
  retailtheft: {
    key: 'retailtheft',
    name: 'Retail theft',
    description: 'The store, the loss-prevention witness, the items and their value, the video, the recovery and the trespass notice.',
    typeKey: 'theft',
    content: {
      sections: [
        {
          key: 'store',
          title: 'The store and the witness',
          fields: [
            field('store', 'Store', 'text', true, { help: 'Name and number, e.g. Riverside Market #14' }),
            field('witness_account', 'What the loss-prevention witness saw', 'long_text', true, {
              help: 'Concealment, passing the last point of sale, leaving',
            }),
            field('people', 'Witness and suspect', 'person', true),
          ],
        },
        {
          key: 'items',
          title: 'Items and recovery',
          fields: [
            field('property', 'Items taken', 'property', true),
            field('total_value', 'Total retail value ($)', 'number', true),
            field('recovered', 'Items recovered', 'choice', true, { options: ['All', 'Some', 'None'] }),
            field('video', 'Video of the theft', 'yes_no', true),
          ],
        },
        {
          key: 'outcome',
          title: 'Outcome',
          fields: [
            field('trespass', 'Trespass notice issued', 'yes_no', true),
            field('prosecute', 'Store wishes to prosecute', 'yes_no', true),
          ],
        },
        { key: 'account', title: 'Narrative', fields: [field('narrative', 'Narrative', 'narrative', true)] },
      ],
      narrative_skeleton: '',
    },
  },
  criminaldamagetoproperty: {
    key: 'criminaldamagetoproperty',
    name: 'Criminal damage to property',
    description: 'The property, the damage, the estimated cost of repair, the photographs and the suspect.',
    typeKey: 'damage',
    content: {
      sections: [
        {
          key: 'damage',
          title: 'The property and the damage',
          fields: [
            field('property_damaged', 'Property damaged', 'text', true, { help: 'e.g. front window of the library' }),
            field('damage', 'Damage', 'long_text', true, { help: 'What was broken, marked or destroyed, and how' }),
            field('estimate', 'Estimated cost of repair ($)', 'number', true),
            field('estimate_source', 'Estimate from', 'text', false, { help: 'Owner, contractor, insurer' }),
            field('photographs', 'Photographs taken', 'yes_no', true),
          ],
        },
        {
          key: 'suspect',
          title: 'Suspect',
          fields: [
            field('suspect_known', 'Suspect known', 'choice', true, { options: ['Known', 'Described', 'Unknown'] }),
            field('people', 'Owner, witnesses and suspect', 'person', true),
          ],
        },
        { key: 'account', title: 'Narrative', fields: [field('narrative', 'Narrative', 'narrative', true)] },
      ],
      narrative_skeleton: '',
    },
  },
};

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

type Answers = Pick<ReportContent, 'answers' | 'location' | 'occurred_at' | 'people' | 'vehicles' | 'property'>;

/** The answer, or a placeholder naming what is missing. */
function say(content: Answers, key: string, what: string): string {
  return content.answers[key]?.trim() || `[INSERT ${what}]`;
}

function when(content: Answers): string {
  return content.occurred_at ? content.occurred_at.replace('T', ' at ') : '[INSERT date and time]';
}

function where(content: Answers): string {
  return content.location.trim() || '[INSERT location]';
}

function vehicleWords(content: Answers): string {
  const vehicle = content.vehicles[0];
  if (!vehicle) return '[INSERT vehicle]';
  const described = [vehicle.color, vehicle.year, vehicle.make, vehicle.model].filter(Boolean).join(' ');
  const plate = vehicle.plate ? ` (${[vehicle.state, vehicle.plate].filter(Boolean).join(' ')})` : '';
  return `a ${described || 'vehicle'}${plate}`;
}

function itemsWords(content: Answers): string {
  if (content.property.length === 0) return '[INSERT items]';
  return content.property
    .map(
      (item) =>
        `${item.description || '[INSERT item]'}${item.serial ? ` (serial ${item.serial})` : ''}${item.value !== null ? `, valued at $${item.value}` : ''}`,
    )
    .join('; ');
}

function nameOf(content: Answers, role: string, fallback: string): string {
  return content.people.find((person) => person.role === role)?.name || fallback;
}

function clue(content: Answers, key: string, of: number, test: string): string | null {
  const value = content.answers[key]?.trim();
  return value ? `${test}: ${value} of ${of} clues` : null;
}

const WRITERS: Record<GuidedKey, (content: Answers) => string[]> = {
  owi: (c) => {
    const yes = (key: string) => c.answers[key] === 'yes';
    const driver = nameOf(c, 'suspect', 'the driver');
    const paragraphs = [`On ${when(c)} I stopped ${vehicleWords(c)} at ${where(c)}. ${say(c, 'stop_reason', 'reason for the stop')}`];
    if (c.answers.driver_contact?.trim()) paragraphs.push(c.answers.driver_contact.trim());
    const signs = [
      yes('odor') ? 'I smelled an odour of an intoxicant coming from the driver' : null,
      c.answers.speech && c.answers.speech !== 'Normal' ? `${driver}’s speech was ${c.answers.speech.toLowerCase()}` : null,
      c.answers.eyes && c.answers.eyes !== 'Normal' ? `their eyes were ${c.answers.eyes.toLowerCase()}` : null,
    ].filter(Boolean);
    paragraphs.push(
      signs.length ? `${signs.join('; ')}.` : 'I observed no odour of an intoxicant and no sign of impairment in speech or eyes.',
    );
    if (c.answers.admitted_drinks?.trim()) paragraphs.push(`${driver} told me they had had ${c.answers.admitted_drinks.trim()}.`);
    if (yes('sfst_done')) {
      const clues = [
        clue(c, 'hgn_clues', 6, 'horizontal gaze nystagmus'),
        clue(c, 'wat_clues', 8, 'walk and turn'),
        clue(c, 'ols_clues', 4, 'one leg stand'),
      ].filter(Boolean);
      paragraphs.push(
        `I administered the standardised field sobriety tests and observed: ${clues.length ? clues.join('; ') : '[INSERT clues observed]'}.`,
      );
    } else if (c.answers.sfst_done === 'no') paragraphs.push('Standardised field sobriety tests were not performed: [INSERT why].');
    if (c.answers.pbt_result?.trim()) paragraphs.push(`A preliminary breath test gave ${c.answers.pbt_result.trim()}.`);
    if (yes('arrested')) {
      paragraphs.push(
        `I arrested ${driver} for operating while intoxicated and read the implied-consent warning at ${say(c, 'implied_consent_time', 'time the warning was read')}.`,
      );
      const test = c.answers.chemical_test;
      if (test === 'Refused') paragraphs.push(`${driver} refused the chemical test after the warning was read.`);
      else if (test === 'Breath' || test === 'Blood')
        paragraphs.push(
          `${driver} submitted to a ${test.toLowerCase()} test; the result was ${say(c, 'chemical_result', 'chemical test result')}.`,
        );
      else if (test === 'Not requested') paragraphs.push('No chemical test was requested: [INSERT why].');
      else paragraphs.push('[INSERT chemical test or refusal]');
    } else if (c.answers.arrested === 'no') paragraphs.push(`${driver} was not arrested: [INSERT outcome of the stop].`);
    return paragraphs;
  },
  entrytoauto: (c) => {
    const owner = nameOf(c, 'victim', nameOf(c, 'complainant', '[INSERT owner]'));
    const paragraphs = [
      `On ${when(c)} I took a report of an entry to ${vehicleWords(c)} parked at ${where(c)}. ${owner} told me it had been parked and locked since ${say(c, 'parked_since', 'when it was parked')}.`,
      `Entry was made through the ${c.answers.point_of_entry?.toLowerCase() || '[INSERT point of entry]'}${c.answers.method?.trim() ? `: ${c.answers.method.trim()}` : ''}.`,
      `Taken: ${itemsWords(c)}. The total loss is $${say(c, 'loss_value', 'total value of the loss')}.`,
      `Canvass: ${say(c, 'canvass', 'canvass')}`,
    ];
    if (c.answers.evidence?.trim()) paragraphs.push(`Evidence: ${c.answers.evidence.trim()}`);
    return paragraphs;
  },
  retailtheft: (c) => {
    const suspect = nameOf(c, 'suspect', 'the suspect');
    const witness = nameOf(c, 'witness', nameOf(c, 'complainant', 'the loss-prevention officer'));
    const yes = (key: string) => c.answers[key] === 'yes';
    const recovered = c.answers.recovered;
    return [
      `On ${when(c)} I responded to ${say(c, 'store', 'store')} at ${where(c)} for a retail theft.`,
      `${witness} told me: ${say(c, 'witness_account', 'what the witness saw')}`,
      `Items taken: ${itemsWords(c)}, a total retail value of $${say(c, 'total_value', 'total value')}. ${
        recovered === 'All'
          ? 'All of the items were recovered.'
          : recovered === 'Some'
            ? 'Some of the items were recovered.'
            : recovered === 'None'
              ? 'None of the items were recovered.'
              : '[INSERT recovery]'
      }`,
      `${yes('video') ? 'The store has video of the theft, which I requested for evidence.' : 'The store has no video of the theft.'} ${
        yes('trespass') ? `A trespass notice was issued to ${suspect}.` : ''
      } ${yes('prosecute') ? 'The store wishes to prosecute.' : 'The store does not wish to prosecute.'}`
        .replace(/\s+/g, ' ')
        .trim(),
    ];
  },
  criminaldamagetoproperty: (c) => {
    const owner = nameOf(c, 'victim', nameOf(c, 'complainant', '[INSERT owner]'));
    const suspect = c.answers.suspect_known;
    return [
      `On ${when(c)} I took a report of criminal damage to ${say(c, 'property_damaged', 'property damaged')} at ${where(c)}, reported by ${owner}.`,
      `Damage: ${say(c, 'damage', 'damage')}`,
      `The cost of repair is estimated at $${say(c, 'estimate', 'estimated cost')}${c.answers.estimate_source?.trim() ? ` (estimate from ${c.answers.estimate_source.trim()})` : ''}. ${
        c.answers.photographs === 'yes' ? 'I photographed the damage.' : 'No photographs were taken.'
      }`,
      suspect === 'Known'
        ? `The suspect is ${nameOf(c, 'suspect', '[INSERT suspect]')}.`
        : suspect === 'Described'
          ? `The suspect is described as ${c.people.find((p) => p.role === 'suspect')?.description || '[INSERT description]'}.`
          : 'The suspect is unknown.',
    ];
  },
};

/** The first narrative of a guided report, as HTML paragraphs. */
export function guidedNarrative(key: GuidedKey, content: Answers): string {
  return WRITERS[key](content)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`)
    .join('');
}
