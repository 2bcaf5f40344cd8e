import '@mantine/tiptap/styles.css';
import { Input } from '@mantine/core';
import { Link, RichTextEditor } from '@mantine/tiptap';
import { type Editor, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { type ReactNode, useEffect, useId, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/** The editor's text as the field's value: '' when empty. */
const htmlOf = (editor: Editor) => (editor.isEmpty ? '' : editor.getHTML());

interface RichTextFieldProps {
  label: string;
  /** The HTML; '' for an empty field. */
  value: string;
  onChange: (html: string) => void;
  error?: ReactNode;
  required?: boolean;
  /** A line under the label: what the field is for, what leaving it empty does. */
  description?: ReactNode;
  /** The editable area's `data-testid`, which the journeys type into. */
  testId: string;
  /** Room to write before the field grows, in pixels. */
  minHeight?: number;
}

/**
 * Rich text (a product's description, a store's policies). Only what the server keeps is offered
 * (headings h2 and h3, bold, italic, underline, strike, lists, links, quotes), so what is typed is
 * what the storefront shows. An empty editor is '' so that "can't be blank" applies.
 *
 * A new `value` from outside (a saved version, a template, changes discarded) replaces the text;
 * the values the editor itself reported come back as `value` too, later, and are left alone, so
 * typing keeps every letter and the cursor where it is.
 */
export function RichTextField({
  label,
  value,
  onChange,
  error,
  required,
  description,
  testId,
  minHeight = 160,
}: RichTextFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const labelId = `${id}-label`;
  const errorId = `${id}-error`;
  const descriptionId = `${id}-description`;
  // The editor is made once; its update handler reads the latest callback.
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  /**
   * What the editor reported that has not come back as `value` yet, oldest first. Fast typing
   * reports several before the form renders once, so a `value` may be behind what is on screen.
   */
  const reported = useRef<string[]>([]);

  const attributes = useMemo(() => {
    const describedBy = [description ? descriptionId : null, error ? errorId : null].filter(Boolean).join(' ');
    return {
      'data-testid': testId,
      role: 'textbox',
      'aria-multiline': 'true',
      'aria-labelledby': labelId,
      style: `min-height: ${minHeight}px`,
      ...(describedBy ? { 'aria-describedby': describedBy } : {}),
      ...(error ? { 'aria-invalid': 'true' } : {}),
    };
  }, [testId, labelId, minHeight, description, descriptionId, error, errorId]);

  const editor = useEditor({
    extensions: [
      StarterKit.configure({ link: false, heading: { levels: [2, 3] }, code: false, codeBlock: false }),
      Link.configure({ openOnClick: false, protocols: ['mailto', 'tel'] }),
    ],
    content: value,
    immediatelyRender: false,
    shouldRerenderOnTransaction: true,
    // Named from the start: the effect below follows later changes (the error state).
    editorProps: { attributes },
    onUpdate: ({ editor: current }) => {
      const html = htmlOf(current);
      reported.current.push(html);
      onChangeRef.current(html);
    },
  });

  // The accessible name, description and error state follow the field; the editor keeps its DOM node.
  useEffect(() => {
    editor?.setOptions({ editorProps: { attributes } });
  }, [editor, attributes]);

  // A value set from outside replaces the text, without reporting it back as typed.
  useEffect(() => {
    if (!editor) return;
    const echo = reported.current.indexOf(value);
    if (echo >= 0) {
      reported.current.splice(0, echo + 1);
      return;
    }
    if (value === htmlOf(editor)) return;
    reported.current = [];
    editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  const labels = useMemo(
    () => ({
      boldControlLabel: t('cp.editor.bold'),
      italicControlLabel: t('cp.editor.italic'),
      underlineControlLabel: t('cp.editor.underline'),
      strikeControlLabel: t('cp.editor.strike'),
      h2ControlLabel: t('cp.editor.h2'),
      h3ControlLabel: t('cp.editor.h3'),
      bulletListControlLabel: t('cp.editor.bulletList'),
      orderedListControlLabel: t('cp.editor.orderedList'),
      blockquoteControlLabel: t('cp.editor.blockquote'),
      linkControlLabel: t('cp.editor.link'),
      unlinkControlLabel: t('cp.editor.unlink'),
      linkEditorInputLabel: t('cp.editor.linkUrl'),
      linkEditorInputPlaceholder: 'https://example.com/',
      linkEditorExternalLink: t('cp.editor.linkExternal'),
      linkEditorInternalLink: t('cp.editor.linkInternal'),
      linkEditorSave: t('cp.editor.linkSave'),
      undoControlLabel: t('cp.editor.undo'),
      redoControlLabel: t('cp.editor.redo'),
    }),
    [t],
  );

  return (
    <Input.Wrapper
      label={label}
      required={required}
      description={description}
      error={error}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      labelProps={{ id: labelId, onClick: () => editor?.commands.focus() }}
      descriptionProps={{ id: descriptionId }}
      errorProps={{ id: errorId }}
    >
      <RichTextEditor
        editor={editor}
        labels={labels}
        mt={4}
        mb={description ? 4 : undefined}
        style={error ? { borderColor: 'var(--mantine-color-error)' } : undefined}
      >
        {/* A long text (a policy) scrolls under the panel's header; the toolbar stays in reach. */}
        <RichTextEditor.Toolbar sticky stickyOffset="var(--app-shell-header-height, 0px)">
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
