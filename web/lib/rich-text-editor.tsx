import { Box, Input, Skeleton } from '@mantine/core';
import type { Editor, Extensions } from '@tiptap/react';
import { lazy, Suspense, type ReactNode } from 'react';
import { importWithReload } from './chunk-reload.ts';

/**
 * Rich text with Tiptap (a kept editor on ProseMirror), for any module: a labelled multi-line textbox
 * with a toolbar of the formatting the caller's server keeps (each server sanitises what it stores,
 * this only offers what it keeps). Every tool is a button with its name and pressed state, reached by
 * Tab; the usual shortcuts work (Ctrl+B, Ctrl+I, Ctrl+Shift+8 for a bulleted list). Colours are
 * Mantine's variables, so both themes hold.
 *
 * Tiptap and ProseMirror (~110 kB gz) load with the first rich text a screen shows, not with the
 * screen (tiptap-editor.tsx): a list whose tasks have descriptions opens without them (issue 13).
 */

export type RichTextTool = 'bold' | 'italic' | 'underline' | 'heading' | 'bulletList' | 'orderedList' | 'blockquote' | 'link';

export type RichTextEditorProps = {
  label: string;
  description?: ReactNode;
  /** HTML; '' when empty. */
  value: string;
  onChange: (html: string) => void;
  error?: ReactNode;
  required?: boolean;
  readOnly?: boolean;
  /** The formatting offered, in the toolbar's order. */
  tools: readonly RichTextTool[];
  /** The toolbar's name ("Narrative formatting"). */
  toolbarLabel: string;
  /** More Tiptap extensions (a module's own marks); read once, when the editor is made. */
  extensions?: Extensions;
  /** The editable area's classes besides `precinct-rich-text` (global.css: room, line height and a visible focus). */
  className?: string;
  /** The editable area's `data-path` (the field it is, for placing a server's message). */
  dataPath?: string;
  /** The writing area's least height. */
  minHeight?: number;
  /** Heard whenever the cursor moves. */
  onSelectionUpdate?: (editor: Editor) => void;
};

export type RichTextViewProps = { html: string; tools: readonly RichTextTool[]; className?: string };

// Through importWithReload, as every lazy part: a file a new deployment replaced reloads the page, and offline it waits for the connection.
const loadTiptap = importWithReload(() => import('./tiptap-editor.tsx'));
const TiptapEditor = lazy(() => loadTiptap().then((module) => ({ default: module.TiptapEditor })));
const TiptapView = lazy(() => loadTiptap().then((module) => ({ default: module.TiptapView })));

/** While the editor loads: its label, description and error already, and a box of its size, so nothing moves. */
function EditorPlaceholder(props: RichTextEditorProps) {
  return (
    <Input.Wrapper label={props.label} description={props.description} error={props.error} required={props.required}>
      <Box
        mt={6}
        aria-busy="true"
        style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 'var(--mantine-radius-md)' }}
        mih={(props.minHeight ?? 220) + (props.readOnly ? 0 : 47)}
      />
    </Input.Wrapper>
  );
}

export function RichTextEditor(props: RichTextEditorProps) {
  return (
    <Suspense fallback={<EditorPlaceholder {...props} />}>
      <TiptapEditor {...props} />
    </Suspense>
  );
}

/**
 * Saved rich text shown as it reads, not as a textbox: parsed by the editor's own schema, so only the
 * formatting it knows is drawn (whatever else the HTML held is dropped, never put into the page).
 */
export function RichTextView(props: RichTextViewProps) {
  return (
    <Suspense fallback={<Skeleton height={20} aria-busy="true" />}>
      <TiptapView {...props} />
    </Suspense>
  );
}
