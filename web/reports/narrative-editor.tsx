import type { ReactNode } from 'react';
import { RichTextEditor, type RichTextTool } from '../lib/rich-text-editor.tsx';
import { Cite, citedAt, Placeholders } from './cite-mark.ts';

/**
 * The narrative: the shared rich-text editor (web/lib/rich-text-editor.tsx), limited to what the
 * server keeps (server/reports/narrative.ts: paragraphs, two heading levels, bold, italic, underline,
 * strike, lists, quotes, rules). No links, images or code: a narrative is prose for a court. An
 * AI-drafted sentence keeps the transcript passages it cites (cite-mark.ts): `onCite` hears which the
 * cursor is in.
 */

const TOOLS: readonly RichTextTool[] = ['bold', 'italic', 'underline', 'heading', 'bulletList', 'orderedList', 'blockquote'];
const EXTENSIONS = [Cite, Placeholders];

export function NarrativeEditor(props: {
  label: string;
  description?: ReactNode;
  value: string;
  onChange: (html: string) => void;
  error?: ReactNode;
  required?: boolean;
  readOnly?: boolean;
  /** The passages the sentence at the cursor cites (none outside a cited sentence). */
  onCite?: (passages: string[]) => void;
}) {
  const { onCite } = props;
  return (
    <RichTextEditor
      label={props.label}
      description={props.description}
      value={props.value}
      onChange={props.onChange}
      error={props.error}
      required={props.required}
      readOnly={props.readOnly}
      tools={TOOLS}
      toolbarLabel="Narrative formatting"
      extensions={EXTENSIONS}
      className="precinct-narrative"
      dataPath="narrative"
      onSelectionUpdate={onCite ? (editor) => onCite(citedAt(editor.getAttributes('cite').passages)) : undefined}
    />
  );
}
