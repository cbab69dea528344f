import { describe, expect, it } from 'vitest';
import { checkDraft, draftNarrativeHtml, parseTranscript, passageLine, type Passage } from './transcript.ts';

function passagesOf(raw: string): Passage[] {
  const parsed = parseTranscript(raw);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.passages;
}

const STOP = passagesOf(
  [
    'Officer Diaz: Good evening, I stopped you for weaving over the centre line on Main Street.',
    'Driver: I only had two beers at the Anchor Bar.',
    'Officer Diaz: Your plate is 7KQR219, is that right?',
    'Driver: Yes. I paid $1,200 for the repairs last week.',
  ].join('\n'),
);

describe('parsing a transcript', () => {
  it('reads WebVTT cues as passages with their times and the speakers of their voice tags', () => {
    const parsed = parseTranscript(
      'WEBVTT\n\n00:00:01.000 --> 00:00:04.000\n<v Officer Diaz>Step out of the car, please.\n\n00:01:05.500 --> 00:01:07.000\n<v Driver>I only had <i>two</i> beers.\n',
    );
    expect(parsed).toEqual({
      ok: true,
      format: 'webvtt',
      passages: [
        { id: 'P1', start_ms: 1000, speaker: 'Officer Diaz', text: 'Step out of the car, please.' },
        { id: 'P2', start_ms: 65_500, speaker: 'Driver', text: 'I only had two beers.' },
      ],
    });
  });

  it('reads SRT cues with a NAME: prefix as the speaker', () => {
    const parsed = parseTranscript(
      '1\n00:00:01,000 --> 00:00:04,000\nOFFICER: Step out.\n\n2\n00:00:05,000 --> 00:00:07,000\nDRIVER: Two beers.\n',
    );
    expect(parsed.ok && parsed.format).toBe('srt');
    expect(parsed.ok && parsed.passages.map(passageLine)).toEqual(['P1 [00:00:01] OFFICER: Step out.', 'P2 [00:00:05] DRIVER: Two beers.']);
  });

  it('reads plain text one line a passage, with an optional time and speaker, skipping blank lines', () => {
    const parsed = parseTranscript('[00:02:10] Officer: Where are you coming from?\n\nDriver: From work.\nJust a sentence.');
    expect(parsed.ok && parsed.passages).toEqual([
      { id: 'P1', start_ms: 130_000, speaker: 'Officer', text: 'Where are you coming from?' },
      { id: 'P2', start_ms: null, speaker: 'Driver', text: 'From work.' },
      { id: 'P3', start_ms: null, speaker: null, text: 'Just a sentence.' },
    ]);
  });

  it('says what is wrong with an empty transcript or broken captions', () => {
    expect(parseTranscript('  \n ')).toEqual({ ok: false, message: 'Paste or upload a transcript' });
    expect(parseTranscript('WEBVTT\n\n')).toEqual({ ok: false, message: 'The transcript has no speech in it' });
  });
});

describe('checking a drafted narrative against the transcript', () => {
  it('keeps a sentence whose numbers and names are in the passages it cites', () => {
    const checked = checkDraft([[{ text: 'The driver said he had two beers at the Anchor Bar.', passages: ['P2'] }]], STOP);
    expect(checked).toEqual([[{ text: 'The driver said he had two beers at the Anchor Bar.', passages: ['P2'], notes: [] }]]);
  });

  it('accepts a number written as digits when the transcript spells it, and amounts with a thousands comma', () => {
    const checked = checkDraft([[{ text: 'He said he had 2 beers and paid $1,200 for repairs.', passages: ['P2', 'P4'] }]], STOP);
    expect(checked[0]![0]!.notes).toEqual([]);
  });

  it('turns a number the transcript never states into an [INSERT] placeholder', () => {
    const checked = checkDraft([[{ text: 'His preliminary breath test read 0.12.', passages: ['P2'] }]], STOP);
    expect(checked[0]![0]).toEqual({
      text: 'His preliminary breath test read [INSERT 0.12 (not in the transcript)].',
      passages: ['P2'],
      notes: ['“0.12” is not in the transcript'],
    });
  });

  it('cites the passage that does hold a name the cited one lacks', () => {
    const checked = checkDraft([[{ text: 'The vehicle, plate 7KQR219, was weaving on Main Street.', passages: ['P1'] }]], STOP);
    expect(checked[0]![0]!.passages).toEqual(['P1', 'P3']);
    expect(checked[0]![0]!.notes).toEqual(['“7KQR219” is in P3, now cited']);
  });

  it('makes a sentence that cites nothing real into a placeholder the officer must replace', () => {
    const checked = checkDraft([[{ text: 'The driver admitted to smoking marijuana.', passages: ['P9'] }]], STOP);
    expect(checked[0]![0]).toEqual({
      text: '[INSERT statement the transcript does not support: “The driver admitted to smoking marijuana.”]',
      passages: [],
      notes: ['Cited P9, which the transcript does not have', 'No transcript passage supports this sentence'],
    });
  });

  it('keeps a placeholder-only sentence and the names the officer supplies', () => {
    const checked = checkDraft(
      [
        [
          { text: 'On [INSERT date], Officer Reyes stopped the vehicle.', passages: ['P1'] },
          { text: '[INSERT time of the stop]', passages: [] },
        ],
      ],
      STOP,
      ['Officer Reyes'],
    );
    expect(checked[0]!.map((s) => s.notes)).toEqual([[], []]);
  });

  it('writes the narrative with each sentence marked by the passages it cites', () => {
    const html = draftNarrativeHtml([
      [
        { text: 'He said "two beers" & left.', passages: ['P2'], notes: [] },
        { text: '[INSERT time]', passages: [], notes: [] },
      ],
    ]);
    expect(html).toBe('<p><span data-cite="P2">He said &quot;two beers&quot; &amp; left.</span> [INSERT time]</p>');
  });
});
