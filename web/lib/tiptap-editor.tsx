import { ActionIcon, Box, Button, Group, Input, Popover, Stack, TextInput, Tooltip } from '@mantine/core';
import { IconBlockquote, IconBold, IconH2, IconItalic, IconLink, IconList, IconListNumbers, IconUnderline } from '@tabler/icons-react';
import { EditorContent, useEditor, useEditorState, type Editor, type Extensions } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { RichTextEditorProps, RichTextTool, RichTextViewProps } from './rich-text-editor.tsx';

/**
 * The rich-text editor's Tiptap side (rich-text-editor.tsx is its face): loaded only when a screen
 * shows rich text, since Tiptap and ProseMirror weigh ~110 kB gz (issue 13).
 */

/** Web and mail addresses only: what the servers' sanitisers keep. */
const LINK_PROTOCOLS = /^(https?:\/\/|mailto:)/i;

function extensionsFor(tools: readonly RichTextTool[], extra: Extensions): Extensions {
  return [
    StarterKit.configure({
      heading: { levels: [2, 3] },
      code: false,
      codeBlock: false,
      link: tools.includes('link')
        ? {
            openOnClick: false,
            autolink: true,
            defaultProtocol: 'https',
            isAllowedUri: (url) => LINK_PROTOCOLS.test(url),
            HTMLAttributes: { target: '_blank', rel: 'noopener noreferrer' },
          }
        : false,
    }),
    ...extra,
  ];
}

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

/** The link tool: the address of the link at the cursor (or of the selected text), set or removed. */
function LinkTool({ editor, active }: { editor: Editor; active: boolean }) {
  const [opened, setOpened] = useState(false);
  const [href, setHref] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const open = () => {
    setHref((editor.getAttributes('link') as { href?: string }).href ?? '');
    setProblem(null);
    setOpened(true);
  };
  const apply = () => {
    const address = href.trim();
    if (address === '') {
      editor.chain().focus().extendMarkRange('link').unsetLink().run();
      setOpened(false);
      return;
    }
    const full = LINK_PROTOCOLS.test(address) ? address : address.includes('@') ? `mailto:${address}` : `https://${address}`;
    if (!/^(https?:\/\/[^\s]+\.[^\s]+|mailto:[^\s]+@[^\s]+)$/i.test(full)) {
      setProblem('Enter a web address (https://…) or an e-mail address');
      return;
    }
    const chain = editor.chain().focus().extendMarkRange('link');
    if (editor.state.selection.empty && !editor.isActive('link'))
      chain.insertContent({ type: 'text', text: address, marks: [{ type: 'link', attrs: { href: full } }] }).run();
    else chain.setLink({ href: full }).run();
    setOpened(false);
  };
  return (
    <Popover opened={opened} onChange={setOpened} trapFocus withArrow position="bottom-start" shadow="md">
      <Popover.Target>
        <ActionIcon
          variant={active ? 'filled' : 'default'}
          size="lg"
          aria-label="Link"
          aria-pressed={active}
          aria-haspopup="dialog"
          disabled={!editor.isEditable}
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => (opened ? setOpened(false) : open())}
        >
          <IconLink size={18} aria-hidden />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs" w={260} maw="80vw">
          <TextInput
            label="Link address"
            description="Leave it empty to remove the link"
            value={href}
            error={problem}
            data-autofocus
            onChange={(event) => setHref(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                apply();
              }
            }}
          />
          <Group gap="xs" justify="flex-end">
            <Button variant="default" size="xs" onClick={() => setOpened(false)}>
              Cancel
            </Button>
            <Button size="xs" onClick={apply}>
              Apply the link
            </Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

const TOOLS: Record<Exclude<RichTextTool, 'link'>, { label: string; icon: typeof IconBold; run: (editor: Editor) => void }> = {
  bold: { label: 'Bold', icon: IconBold, run: (e) => e.chain().focus().toggleBold().run() },
  italic: { label: 'Italic', icon: IconItalic, run: (e) => e.chain().focus().toggleItalic().run() },
  underline: { label: 'Underline', icon: IconUnderline, run: (e) => e.chain().focus().toggleUnderline().run() },
  heading: { label: 'Heading', icon: IconH2, run: (e) => e.chain().focus().toggleHeading({ level: 2 }).run() },
  bulletList: { label: 'Bulleted list', icon: IconList, run: (e) => e.chain().focus().toggleBulletList().run() },
  orderedList: { label: 'Numbered list', icon: IconListNumbers, run: (e) => e.chain().focus().toggleOrderedList().run() },
  blockquote: { label: 'Quote', icon: IconBlockquote, run: (e) => e.chain().focus().toggleBlockquote().run() },
};

function isActive(editor: Editor, tool: RichTextTool): boolean {
  return tool === 'heading' ? editor.isActive('heading', { level: 2 }) : editor.isActive(tool);
}

function Toolbar({ editor, tools, label }: { editor: Editor; tools: readonly RichTextTool[]; label: string }) {
  const active = useEditorState({
    editor,
    selector: ({ editor: e }) => tools.map((tool) => isActive(e, tool)).join(','),
  });
  const pressed = active.split(',');
  return (
    <Group gap={4} role="toolbar" aria-label={label} wrap="wrap">
      {tools.map((tool, index) => {
        if (tool === 'link') return <LinkTool key={tool} editor={editor} active={pressed[index] === 'true'} />;
        const { label: name, icon: Icon, run } = TOOLS[tool];
        return (
          <Tool key={tool} editor={editor} label={name} active={pressed[index] === 'true'} onClick={() => run(editor)}>
            <Icon size={18} aria-hidden />
          </Tool>
        );
      })}
    </Group>
  );
}

/** The editable area's attributes: a named multi-line textbox, marked invalid beside its error. */
function attributesOf(label: string, invalid: boolean, className: string, dataPath: string | undefined): Record<string, string> {
  return {
    role: 'textbox',
    'aria-multiline': 'true',
    'aria-label': label,
    ...(invalid ? { 'aria-invalid': 'true' } : {}),
    ...(dataPath ? { 'data-path': dataPath } : {}),
    class: className,
  };
}

export function TiptapEditor(props: RichTextEditorProps) {
  const { value, onChange, label } = props;
  const className = props.className ? `precinct-rich-text ${props.className}` : 'precinct-rich-text';
  const invalid = Boolean(props.error);
  const [extensions] = useState(() => extensionsFor(props.tools, props.extensions ?? []));
  const onSelection = useRef(props.onSelectionUpdate);
  useEffect(() => {
    onSelection.current = props.onSelectionUpdate;
  });
  const editor = useEditor({
    extensions,
    content: value,
    editable: !props.readOnly,
    editorProps: { attributes: attributesOf(label, invalid, className, props.dataPath) },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
    onSelectionUpdate: ({ editor: e }) => onSelection.current?.(e),
  });
  // A value set from outside (read again from the server, restored from the device) replaces the text.
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    const current = editor.isEmpty ? '' : editor.getHTML();
    if (current !== value) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);
  useEffect(() => {
    editor?.setOptions({ editorProps: { attributes: attributesOf(label, invalid, className, props.dataPath) } });
  }, [editor, invalid, label, className, props.dataPath]);
  return (
    <Input.Wrapper label={label} description={props.description} error={props.error} required={props.required}>
      <Box
        mt={6}
        style={{
          border: `1px solid ${invalid ? 'var(--mantine-color-error)' : 'var(--mantine-color-default-border)'}`,
          borderRadius: 'var(--mantine-radius-md)',
          background: 'var(--mantine-color-body)',
        }}
      >
        {editor && !props.readOnly ? (
          <Box p={6} style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
            <Toolbar editor={editor} tools={props.tools} label={props.toolbarLabel} />
          </Box>
        ) : null}
        <Box px="sm" py={4} mih={props.minHeight ?? 220} style={{ cursor: 'text' }} onClick={() => editor?.commands.focus()}>
          <EditorContent editor={editor} />
        </Box>
      </Box>
    </Input.Wrapper>
  );
}

export function TiptapView({ html, tools, className }: RichTextViewProps) {
  const [extensions] = useState(() => extensionsFor(tools, []));
  const editor = useEditor({ extensions, content: html, editable: false, editorProps: { attributes: { class: className ?? '' } } });
  useEffect(() => {
    if (editor && !editor.isDestroyed) editor.commands.setContent(html, { emitUpdate: false });
  }, [editor, html]);
  return <EditorContent editor={editor} />;
}
