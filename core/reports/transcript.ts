import { parse as parseCaptions } from '@plussub/srt-vtt-parser';

/**
 * Transcripts for drafting a narrative, and the checks that keep a drafted narrative to what the
 * transcript says. Both ends use them: the page shows the passages the officer's file gives before
 * anything is sent, the server parses the same passages, asks the provider for sentences that cite
 * them, and checks every citation and every number and name against them.
 */

export const TRANSCRIPT_MAX_CHARS = 200_000;
export const TRANSCRIPT_MAX_PASSAGES = 3_000;

export type TranscriptFormat = 'webvtt' | 'srt' | 'text';
export const TRANSCRIPT_FORMAT_LABELS: Record<TranscriptFormat, string> = {
  webvtt: 'WebVTT captions',
  srt: 'SRT captions',
  text: 'plain text',
};

export interface Passage {
  /** `P1`, `P2`, …: what the draft's sentences cite. */
  id: string;
  /** From the start of the recording, when the transcript says. */
  start_ms: number | null;
  speaker: string | null;
  text: string;
}

export type ParsedTranscript = { ok: true; format: TranscriptFormat; passages: Passage[] } | { ok: false; message: string };

const CUE_TIMING = /^\s*(\d{1,2}:)?\d{2}:\d{2}[.,]\d{3}\s*-->/m;
/** `[00:01:23]`, `00:01:23` or `1:23` at the start of a plain-text line. */
const LINE_TIME = /^\[?((?:\d{1,2}:)?\d{1,2}:\d{2})(?:[.,]\d+)?\]?\s+/;
/** `OFFICER DIAZ: …`, `Driver: …` (a short name, not a time). */
const LINE_SPEAKER = /^([A-Za-z][\w .'-]{0,39}?):\s+(\S.*)$/;

function millisOf(clock: string): number {
  return (
    clock
      .split(':')
      .map(Number)
      .reduce((total, part) => total * 60 + part, 0) * 1000
  );
}

function cleanCueText(text: string): { speaker: string | null; text: string } {
  const voice = /<v(?:\.[\w.-]+)?\s+([^>]+)>/.exec(text);
  const plain = text
    .replace(/<[^>]*>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (voice) return { speaker: voice[1]!.trim(), text: plain };
  const named = LINE_SPEAKER.exec(plain);
  return named ? { speaker: named[1]!.trim(), text: named[2]!.trim() } : { speaker: null, text: plain };
}

function numbered(passages: Array<Omit<Passage, 'id'>>): Passage[] {
  return passages.filter((p) => p.text !== '').map((p, index) => ({ id: `P${index + 1}`, ...p }));
}

/**
 * A transcript as numbered passages: WebVTT and SRT captions (one passage per cue, the speaker from
 * a `<v Name>` voice tag or a `NAME:` prefix), or plain text (one passage per non-empty line, with
 * an optional leading time and `Name:`).
 */
export function parseTranscript(raw: string): ParsedTranscript {
  const text = raw.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  if (text.trim() === '') return { ok: false, message: 'Paste or upload a transcript' };
  if (text.length > TRANSCRIPT_MAX_CHARS)
    return { ok: false, message: `Use a transcript of at most ${TRANSCRIPT_MAX_CHARS.toLocaleString('en-US')} characters` };
  let format: TranscriptFormat = 'text';
  let passages: Passage[];
  if (/^WEBVTT/.test(text.trimStart()) || CUE_TIMING.test(text)) {
    format = /^WEBVTT/.test(text.trimStart()) ? 'webvtt' : 'srt';
    let entries: Array<{ from: number; text: string }>;
    try {
      entries = parseCaptions(text).entries;
    } catch {
      return { ok: false, message: `This does not read as ${TRANSCRIPT_FORMAT_LABELS[format]}: check the cue timings` };
    }
    passages = numbered(entries.map((entry) => ({ start_ms: entry.from, ...cleanCueText(entry.text) })));
  } else {
    passages = numbered(
      text.split('\n').map((line) => {
        const time = LINE_TIME.exec(line);
        const rest = time ? line.slice(time[0].length) : line;
        return { start_ms: time ? millisOf(time[1]!) : null, ...cleanCueText(rest) };
      }),
    );
  }
  if (passages.length === 0) return { ok: false, message: 'The transcript has no speech in it' };
  if (passages.length > TRANSCRIPT_MAX_PASSAGES)
    return { ok: false, message: `Use a transcript of at most ${TRANSCRIPT_MAX_PASSAGES.toLocaleString('en-US')} lines or cues` };
  return { ok: true, format, passages };
}

/** `00:01:23` for a passage's time. */
export function clockOf(ms: number): string {
  const total = Math.floor(ms / 1000);
  const part = (n: number) => String(n).padStart(2, '0');
  return `${part(Math.floor(total / 3600))}:${part(Math.floor(total / 60) % 60)}:${part(total % 60)}`;
}

/** One passage as the provider reads it: `P3 [00:00:12] Driver: I had two beers.` */
export function passageLine(passage: Passage): string {
  const time = passage.start_ms === null ? '' : ` [${clockOf(passage.start_ms)}]`;
  return `${passage.id}${time} ${passage.speaker ? `${passage.speaker}: ` : ''}${passage.text}`;
}

// ---------------------------------------------------------------- checking a draft

export interface ProposedSentence {
  text: string;
  passages: string[];
}

export interface CheckedSentence {
  text: string;
  /** The passages it comes from (checked: each exists and holds what the sentence states). */
  passages: string[];
  /** What the check changed, in words the officer reads beside the sentence. */
  notes: string[];
}

const PLACEHOLDER = /\[INSERT[^\]]*\]/g;
const NUMBER_WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'];
/** Words a sentence may capitalise that are not names. */
const COMMON_CAPITALS = new Set(['i', 'i’m', "i'm", 'i’d', "i'd", 'mr', 'mrs', 'ms', 'dr', 'officer', 'sergeant', 'deputy', 'trooper']);

/** A passage's words, lower case, with "two" also as "2". */
function wordsOf(text: string): Set<string> {
  const words = new Set<string>();
  for (const word of text.toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}'’.,:/-]*[\p{L}\p{N}]|[\p{L}\p{N}]/gu) ?? []) {
    words.add(word);
    words.add(word.replace(/,(?=\d{3})/g, ''));
    const index = NUMBER_WORDS.indexOf(word);
    if (index >= 0) words.add(String(index));
    // "0.08." at a sentence's end, "12:30," and the like: keep the bare form too.
    words.add(word.replace(/[.:/-]+$/, ''));
  }
  return words;
}

/** A term as a passage's words hold it: lower case, "1,200" as "1200". */
function normal(term: string): string {
  return term.toLowerCase().replace(/,(?=\d{3})/g, '');
}

/**
 * The facts a sentence states that a transcript must hold word for word: its numbers (times,
 * amounts, readings, plates with digits) and its names (capitalised words past the sentence's start).
 */
export function checkableTerms(sentence: string): string[] {
  const text = sentence.replace(PLACEHOLDER, ' ');
  const terms: string[] = [];
  for (const match of text.matchAll(/\p{L}*\d(?:[\p{L}\p{N},.:/-]*[\p{L}\p{N}])?/gu)) terms.push(match[0]);
  for (const match of text.matchAll(/(?<=[^.!?]\s)[A-Z][\p{L}'’-]+/gu)) {
    const word = match[0].replace(/['’]s$/, '');
    if (!COMMON_CAPITALS.has(word.toLowerCase())) terms.push(word);
  }
  return [...new Set(terms)];
}

/**
 * Checks a provider's sentences against the transcript's passages, so the draft never states
 * what the transcript does not:
 *  - a citation of a passage that does not exist is dropped;
 *  - a number or name the cited passages do not hold is looked for in the whole transcript: found
 *    elsewhere, that passage is cited too; found nowhere, it becomes `[INSERT … ]`;
 *  - a sentence left citing nothing (and not only a placeholder) becomes one `[INSERT …]` holding
 *    what it claimed, for the officer to confirm or rewrite.
 * `known` are what the officer and the page supply (the officer's name, the report type): not facts to find.
 */
export function checkDraft(paragraphs: ProposedSentence[][], passages: Passage[], known: string[] = []): CheckedSentence[][] {
  const byId = new Map(passages.map((p) => [p.id, p]));
  const words = new Map(passages.map((p) => [p.id, wordsOf(`${p.speaker ?? ''} ${p.text}`)]));
  const holds = (id: string, term: string) => words.get(id)!.has(normal(term));
  const knownWords = wordsOf(known.join(' '));
  return paragraphs
    .map((sentences) =>
      sentences
        .map((proposed): CheckedSentence => {
          const notes: string[] = [];
          const text = proposed.text.replace(/\s+/g, ' ').trim();
          const cited = [...new Set(proposed.passages.map((id) => id.trim().toUpperCase()))];
          const missing = cited.filter((id) => !byId.has(id));
          if (missing.length > 0) notes.push(`Cited ${missing.join(', ')}, which the transcript does not have`);
          const kept = cited.filter((id) => byId.has(id));
          const onlyPlaceholders = text.replace(PLACEHOLDER, '').replace(/[\s.,;:]/g, '') === '';
          if (onlyPlaceholders) return { text, passages: [], notes };
          if (kept.length === 0) {
            notes.push('No transcript passage supports this sentence');
            return { text: `[INSERT statement the transcript does not support: “${text.replace(/[[\]]/g, '')}”]`, passages: [], notes };
          }
          let checked = text;
          for (const term of checkableTerms(text)) {
            if (knownWords.has(normal(term)) || kept.some((id) => holds(id, term))) continue;
            const elsewhere = passages.find((p) => holds(p.id, term));
            if (elsewhere) {
              kept.push(elsewhere.id);
              notes.push(`“${term}” is in ${elsewhere.id}, now cited`);
            } else {
              checked = checked.replace(term, `[INSERT ${term} (not in the transcript)]`);
              notes.push(`“${term}” is not in the transcript`);
            }
          }
          const order = (id: string) => Number(id.slice(1));
          return { text: checked, passages: kept.sort((a, b) => order(a) - order(b)), notes };
        })
        .filter((sentence) => sentence.text !== ''),
    )
    .filter((sentences) => sentences.length > 0);
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** The narrative a checked draft makes: a paragraph per paragraph, each sentence marked with the passages it cites. */
export function draftNarrativeHtml(paragraphs: CheckedSentence[][]): string {
  return paragraphs
    .map(
      (sentences) =>
        `<p>${sentences
          .map((s) =>
            s.passages.length > 0 ? `<span data-cite="${s.passages.join(' ')}">${escapeHtml(s.text)}</span>` : escapeHtml(s.text),
          )
          .join(' ')}</p>`,
    )
    .join('');
}
