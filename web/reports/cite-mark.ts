import { Plugin } from '@tiptap/pm/state';
import { Decoration, DecorationSet } from '@tiptap/pm/view';
import { Extension, Mark } from '@tiptap/react';

/**
 * What an AI-drafted narrative carries into the editor: each sentence keeps the transcript passages
 * it cites (`<span data-cite="P3 P4">`, the one attribute the server keeps), so choosing it shows
 * them; and every `[INSERT …]` left is marked, since each blocks submission.
 */

export const Cite = Mark.create({
  name: 'cite',
  // Typing at a sentence's end writes the officer's own words, not more of the cited sentence.
  inclusive: false,
  addAttributes() {
    return {
      passages: {
        default: null,
        parseHTML: (element) => element.getAttribute('data-cite'),
        renderHTML: (attributes: { passages: string | null }) => (attributes.passages ? { 'data-cite': attributes.passages } : {}),
      },
    };
  },
  parseHTML() {
    return [{ tag: 'span[data-cite]' }];
  },
  renderHTML({ HTMLAttributes }) {
    return ['span', HTMLAttributes, 0];
  },
});

const PLACEHOLDER = /\[INSERT[^\]]*\]/g;

export const Placeholders = Extension.create({
  name: 'insertPlaceholders',
  addProseMirrorPlugins() {
    return [
      new Plugin({
        props: {
          decorations(state) {
            const marks: Decoration[] = [];
            state.doc.descendants((node, position) => {
              if (!node.isText || !node.text) return;
              for (const match of node.text.matchAll(PLACEHOLDER))
                marks.push(
                  Decoration.inline(position + match.index, position + match.index + match[0].length, { class: 'precinct-placeholder' }),
                );
            });
            return DecorationSet.create(state.doc, marks);
          },
        },
      }),
    ];
  },
});

/** The passages the cited sentence at the editor's cursor names (`['P3', 'P4']`), or none. */
export function citedAt(passages: unknown): string[] {
  return typeof passages === 'string' ? passages.split(' ').filter(Boolean) : [];
}
