import { ActionIcon, Box, Group, Input, Tooltip } from '@mantine/core';
import { IconBold, IconBlockquote, IconH2, IconItalic, IconList, IconListNumbers, IconUnderline } from '@tabler/icons-react';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useRef, type ReactNode } from 'react';
import { Cite, citedAt, Placeholders } from './cite-mark.ts';

/**
 * The narrative: rich text with Tiptap (a kept editor on ProseMirror), limited to what the server
 * keeps (server/reports/narrative.ts: paragraphs, two heading levels, bold, italic, underline, strike,
 * lists, quotes, rules). No links, images or code: a narrative is prose for a court. An AI-drafted
 * sentence keeps the transcript passages it cites (cite-mark.ts): `onCite` hears which the cursor is in.
 */

const EXTENSIONS = [StarterKit.configure({ heading: { levels: [2, 3] }, code: false, codeBlock: false, link: false }), Cite, Placeholders];

function Tool({
  editor,
  label,
  active,
  onClick,
  children,
}: {
  editor: Editor;
  label: string;
  active: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Tooltip label={label} withArrow openDelay={400}>
      <ActionIcon
        variant={active ? 'filled' : 'default'}
        size="lg"
        aria-label={label}
        aria-pressed={active}
        disabled={!editor.isEditable}
        onMouseDown={(event) => event.preventDefault()}
        onClick={onClick}
      >
        {children}
      </ActionIcon>
    </Tooltip>
  );
}

function Toolbar({ editor }: { editor: Editor }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      heading: e.isActive('heading', { level: 2 }),
      bullets: e.isActive('bulletList'),
      numbers: e.isActive('orderedList'),
      quote: e.isActive('blockquote'),
    }),
  });
  const chain = () => editor.chain().focus();
  return (
    <Group gap={4} role="toolbar" aria-label="Narrative formatting" wrap="wrap">
      <Tool editor={editor} label="Bold" active={state.bold} onClick={() => chain().toggleBold().run()}>
        <IconBold size={18} aria-hidden />
      </Tool>
      <Tool editor={editor} label="Italic" active={state.italic} onClick={() => chain().toggleItalic().run()}>
        <IconItalic size={18} aria-hidden />
      </Tool>
      <Tool editor={editor} label="Underline" active={state.underline} onClick={() => chain().toggleUnderline().run()}>
        <IconUnderline size={18} aria-hidden />
      </Tool>
      <Tool editor={editor} label="Heading" active={state.heading} onClick={() => chain().toggleHeading({ level: 2 }).run()}>
        <IconH2 size={18} aria-hidden />
      </Tool>
      <Tool editor={editor} label="Bulleted list" active={state.bullets} onClick={() => chain().toggleBulletList().run()}>
        <IconList size={18} aria-hidden />
      </Tool>
      <Tool editor={editor} label="Numbered list" active={state.numbers} onClick={() => chain().toggleOrderedList().run()}>
        <IconListNumbers size={18} aria-hidden />
      </Tool>
      <Tool editor={editor} label="Quote" active={state.quote} onClick={() => chain().toggleBlockquote().run()}>
        <IconBlockquote size={18} aria-hidden />
      </Tool>
    </Group>
  );
}

/** The editable area's attributes: a named multi-line textbox, marked invalid beside its error. */
function attributesOf(label: string, invalid: boolean): Record<string, string> {
  return {
    role: 'textbox',
    'aria-multiline': 'true',
    'aria-label': label,
    ...(invalid ? { 'aria-invalid': 'true' } : {}),
    'data-path': 'narrative',
    class: 'precinct-narrative',
  };
}

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
  const { value, onChange } = props;
  const onCite = useRef(props.onCite);
  useEffect(() => {
    onCite.current = props.onCite;
  });
  const editor = useEditor({
    extensions: EXTENSIONS,
    content: value,
    editable: !props.readOnly,
    editorProps: { attributes: attributesOf(props.label, Boolean(props.error)) },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
    onSelectionUpdate: ({ editor: e }) => onCite.current?.(citedAt(e.getAttributes('cite').passages)),
  });
  // A narrative set from outside (written from the answers, restored from the device) replaces the text.
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    const current = editor.isEmpty ? '' : editor.getHTML();
    if (current !== value) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);
  useEffect(() => {
    editor?.setOptions({ editorProps: { attributes: attributesOf(props.label, Boolean(props.error)) } });
  }, [editor, props.error, props.label]);
  return (
    <Input.Wrapper label={props.label} description={props.description} error={props.error} required={props.required}>
      <Box
        mt={6}
        style={{
          border: `1px solid ${props.error ? 'var(--mantine-color-error)' : 'var(--mantine-color-default-border)'}`,
          borderRadius: 'var(--mantine-radius-md)',
          background: 'var(--mantine-color-body)',
        }}
      >
        {editor && !props.readOnly ? (
          <Box p={6} style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
            <Toolbar editor={editor} />
          </Box>
        ) : null}
        <Box px="sm" py={4} mih={220} style={{ cursor: 'text' }} onClick={() => editor?.commands.focus()}>
          <EditorContent editor={editor} />
        </Box>
      </Box>
    </Input.Wrapper>
  );
}
