import '@mantine/tiptap/styles.css';
import { Input } from '@mantine/core';
import { Link, RichTextEditor } from '@mantine/tiptap';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useId, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/** The editable area: its test id, its role for assistive technology, and room to write. */
const BASE_ATTRIBUTES = {
  'data-testid': 'product-description',
  role: 'textbox',
  'aria-multiline': 'true',
  style: 'min-height: 160px',
};

interface DescriptionEditorProps {
  label: string;
  value: string;
  onChange: (html: string) => void;
  error?: React.ReactNode;
  required?: boolean;
}

/**
 * The product description as rich text. Only what the server keeps is offered (headings h2
 * and h3, bold, italic, underline, strike, lists, links, quotes), so what is typed is what the
 * storefront shows. An empty editor is '' so that "can't be blank" applies.
 */
export function DescriptionEditor({ label, value, onChange, error, required }: DescriptionEditorProps) {
  const { t } = useTranslation();
  const id = useId();
  const labelId = `${id}-label`;
  const errorId = `${id}-error`;
  // The editor is made once; its update handler reads the latest callback.
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  const editor = useEditor({
    extensions: [
      StarterKit.configure({ link: false, heading: { levels: [2, 3] }, code: false, codeBlock: false }),
      Link.configure({ openOnClick: false, protocols: ['mailto', 'tel'] }),
    ],
    content: value,
    immediatelyRender: false,
    shouldRerenderOnTransaction: true,
    // Named from the start: the effect below follows later changes (the error state).
    editorProps: { attributes: { ...BASE_ATTRIBUTES, 'aria-labelledby': labelId } },
    onUpdate: ({ editor: current }) => onChangeRef.current(current.isEmpty ? '' : current.getHTML()),
  });

  // The accessible name and error state follow the field; the editor keeps its DOM node.
  useEffect(() => {
    if (!editor) return;
    editor.setOptions({
      editorProps: {
        attributes: {
          ...BASE_ATTRIBUTES,
          'aria-labelledby': labelId,
          ...(error ? { 'aria-invalid': 'true', 'aria-describedby': errorId } : {}),
        },
      },
    });
  }, [editor, error, labelId, errorId]);

  const labels = useMemo(
    () => ({
      boldControlLabel: t('products.editor.bold'),
      italicControlLabel: t('products.editor.italic'),
      underlineControlLabel: t('products.editor.underline'),
      strikeControlLabel: t('products.editor.strike'),
      h2ControlLabel: t('products.editor.h2'),
      h3ControlLabel: t('products.editor.h3'),
      bulletListControlLabel: t('products.editor.bulletList'),
      orderedListControlLabel: t('products.editor.orderedList'),
      blockquoteControlLabel: t('products.editor.blockquote'),
      linkControlLabel: t('products.editor.link'),
      unlinkControlLabel: t('products.editor.unlink'),
      linkEditorInputLabel: t('products.editor.linkUrl'),
      linkEditorInputPlaceholder: 'https://example.com/',
      linkEditorExternalLink: t('products.editor.linkExternal'),
      linkEditorInternalLink: t('products.editor.linkInternal'),
      linkEditorSave: t('products.editor.linkSave'),
      undoControlLabel: t('products.editor.undo'),
      redoControlLabel: t('products.editor.redo'),
    }),
    [t],
  );

  return (
    <Input.Wrapper
      label={label}
      required={required}
      error={error}
      labelProps={{ id: labelId, onClick: () => editor?.commands.focus() }}
      errorProps={{ id: errorId }}
    >
      <RichTextEditor
        editor={editor}
        labels={labels}
        mt={4}
        style={error ? { borderColor: 'var(--mantine-color-error)' } : undefined}
      >
        <RichTextEditor.Toolbar>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
            <RichTextEditor.Underline />
            <RichTextEditor.Strikethrough />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.H2 />
            <RichTextEditor.H3 />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.BulletList />
            <RichTextEditor.OrderedList />
            <RichTextEditor.Blockquote />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Link />
            <RichTextEditor.Unlink />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Undo />
            <RichTextEditor.Redo />
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content />
      </RichTextEditor>
    </Input.Wrapper>
  );
}
