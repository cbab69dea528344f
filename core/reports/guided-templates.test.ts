import { describe, expect, it } from 'vitest';
import { emptyReportContent, narrativeText, placeholdersIn, reportProblems } from './report-rules.ts';
import { GUIDED_TEMPLATES, guidedNarrative } from './guided-templates.ts';

const base = {
  ...emptyReportContent(),
  occurred_at: '2026-11-20T01:40',
  reported_at: '2026-11-20T03:10',
  location: 'Harlem Ave and 26th St',
  vehicles: [{ plate: 'CJ 48211', state: 'IL', make: 'Toyota', model: 'Camry', year: '2019', color: 'Silver', vin: '', description: '' }],
  people: [{ role: 'suspect' as const, name: 'Dana Reyes', date_of_birth: '1990-04-02', address: '', phone: '', description: '' }],
};

describe('the guided OWI template', () => {
  const answers = {
    stop_reason: 'The car weaved across the centre line twice in two blocks.',
    odor: 'yes',
    speech: 'Slurred',
    eyes: 'Bloodshot and glassy',
    sfst_done: 'yes',
    hgn_clues: '6',
    wat_clues: '4',
    ols_clues: '2',
    pbt_result: '0.14',
    arrested: 'yes',
    implied_consent_time: '02:05',
  };

  it('writes the stop, the observations, each test’s clues and a breath test result as sentences', () => {
    const text = narrativeText(
      guidedNarrative('owi', { ...base, answers: { ...answers, chemical_test: 'Breath', chemical_result: '0.15 g/210L' } }),
    );
    expect(text).toContain('On 2026-11-20 at 01:40 I stopped a Silver 2019 Toyota Camry (IL CJ 48211) at Harlem Ave and 26th St.');
    expect(text).toContain('Dana Reyes’s speech was slurred');
    expect(text).toContain('horizontal gaze nystagmus: 6 of 6 clues; walk and turn: 4 of 8 clues; one leg stand: 2 of 4 clues');
    expect(text).toContain('submitted to a breath test; the result was 0.15 g/210L.');
    expect(placeholdersIn(text)).toEqual([]);
  });

  it('writes a refusal instead of a result, and leaves a placeholder where the warning’s time is missing', () => {
    const html = guidedNarrative('owi', { ...base, answers: { ...answers, chemical_test: 'Refused', implied_consent_time: '' } });
    const text = narrativeText(html);
    expect(text).toContain('Dana Reyes refused the chemical test after the warning was read.');
    expect(text).not.toContain('result was');
    expect(placeholdersIn(text)).toEqual(['[INSERT time the warning was read]']);
    expect(reportProblems(GUIDED_TEMPLATES.owi.content, { ...base, answers, narrative: html }).narrative).toMatch(
      /^Replace every placeholder/,
    );
  });
});

describe('the other guided templates', () => {
  it('write a retail theft with its items, recovery, video, trespass and whether the store prosecutes', () => {
    const text = narrativeText(
      guidedNarrative('retailtheft', {
        ...base,
        property: [{ description: 'Two bottles of whisky', serial: '', value: 79.98, disposition: 'recovered' }],
        answers: {
          store: 'Riverside Market #14',
          witness_account: 'She concealed two bottles and passed the registers.',
          total_value: '79.98',
          recovered: 'All',
          video: 'yes',
          trespass: 'yes',
          prosecute: 'no',
        },
      }),
    );
    expect(text).toContain(
      'Items taken: Two bottles of whisky, valued at $79.98, a total retail value of $79.98. All of the items were recovered.',
    );
    expect(text).toContain('A trespass notice was issued to Dana Reyes. The store does not wish to prosecute.');
  });

  it('write an entry to auto and a criminal damage report, each asking for what was not answered', () => {
    expect(placeholdersIn(narrativeText(guidedNarrative('entrytoauto', { ...base, answers: { parked_since: '22:00' } })))).toEqual([
      '[INSERT owner]',
      '[INSERT point of entry]',
      '[INSERT items]',
      '[INSERT total value of the loss]',
      '[INSERT canvass]',
    ]);
    const damage = narrativeText(
      guidedNarrative('criminaldamagetoproperty', {
        ...base,
        answers: {
          property_damaged: 'the front window of the library',
          damage: 'Cracked by a thrown rock.',
          estimate: '820',
          photographs: 'yes',
          suspect_known: 'Unknown',
        },
      }),
    );
    expect(damage).toContain('The cost of repair is estimated at $820. I photographed the damage.');
    expect(damage).toContain('The suspect is unknown.');
  });
});
