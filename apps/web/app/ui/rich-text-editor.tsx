import '@mantine/tiptap/styles.css';
import { Button, Group, Input, Modal, Stack, TextInput } from '@mantine/core';
import { Link, RichTextEditor } from '@mantine/tiptap';
import { IconPhotoPlus } from '@tabler/icons-react';
import ImageNode from '@tiptap/extension-image';
import { NodeSelection } from '@tiptap/pm/state';
import { type Editor, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { type FormEvent, type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ImageUpload } from './image-upload';
import classes from './rich-text-editor.module.css';

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
  /**
   * Pictures in the text (an article's steps): a toolbar button uploads one and asks what it
   * shows. Only where the server keeps them (sanitizeArticle); elsewhere they would be dropped.
   */
  images?: boolean;
}

/** An alt text long enough to say what a step's picture shows, short enough to stay one. */
const ALT_MAX = 250;

/**
 * Rich text (a product's description, a store's policies). Only what the server keeps is offered
 * (headings h2 and h3, bold, italic, underline, strike, lists, links, quotes; pictures with
 * `images`), so what is typed is what the storefront shows. An empty editor is '' so that "can't
 * be blank" applies.
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
  images = false,
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
      // The editor is made once: a field keeps whether it takes pictures for its life.
      ...(images ? [ImageNode.configure({ inline: false, allowBase64: false })] : []),
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

  const [picking, setPicking] = useState(false);

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
        classNames={images ? { content: classes.content } : undefined}
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
          {images && (
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.Control
                onClick={() => setPicking(true)}
                disabled={!editor}
                aria-label={t('cp.editor.image')}
                title={t('cp.editor.image')}
                data-testid={`${testId}-image`}
              >
                <IconPhotoPlus size={16} stroke={1.5} aria-hidden />
              </RichTextEditor.Control>
            </RichTextEditor.ControlsGroup>
          )}
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Undo />
            <RichTextEditor.Redo />
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content />
      </RichTextEditor>
      {images && (
        <PictureDialog
          opened={picking}
          onClose={() => setPicking(false)}
          onInsert={(src, alt) => {
            setPicking(false);
            if (editor) insertPicture(editor, src, alt);
          }}
          testId={`${testId}-image`}
        />
      )}
    </Input.Wrapper>
  );
}

/**
 * Puts a picture where the cursor was when the dialog opened (the editor keeps its selection
 * meanwhile), and the cursor after it: left selected, the picture would be replaced by the next
 * letter typed.
 */
function insertPicture(editor: Editor, src: string, alt: string) {
  editor.chain().focus().setImage({ src, alt }).run();
  const { selection, doc } = editor.state;
  if (!(selection instanceof NodeSelection)) return;
  if (doc.resolve(selection.to).nodeAfter?.isTextblock) editor.commands.setTextSelection(selection.to + 1);
  else editor.commands.createParagraphNear();
}

/**
 * A picture for the text: uploaded at once (as any image of the panel), then described — the
 * words a screen reader says, and what shows when the picture does not load — and put in.
 */
function PictureDialog({
  opened,
  onClose,
  onInsert,
  testId,
}: {
  opened: boolean;
  onClose: () => void;
  onInsert: (src: string, alt: string) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const [src, setSrc] = useState<string | null>(null);
  const [alt, setAlt] = useState('');
  const [tried, setTried] = useState(false);
  const missingPicture = tried && !src;
  const missingAlt = tried && !alt.trim();

  const close = () => {
    setSrc(null);
    setAlt('');
    setTried(false);
    onClose();
  };
  // Its own form, inside the page's: the submit must not reach the article's.
  const insert = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    event.stopPropagation();
    setTried(true);
    if (!src || !alt.trim()) return;
    onInsert(src, alt.trim());
    setSrc(null);
    setAlt('');
    setTried(false);
  };

  return (
    <Modal opened={opened} onClose={close} title={t('cp.editor.imageTitle')} centered data-testid={`${testId}-dialog`}>
      <form onSubmit={insert} noValidate>
        <Stack gap="md">
          <ImageUpload
            label={t('cp.editor.imageFile')}
            value={src}
            onChange={setSrc}
            error={missingPicture ? t('messages:required') : undefined}
            testId={`${testId}-file`}
          />
          <TextInput
            label={t('cp.editor.imageAlt')}
            description={t('cp.editor.imageAltHint')}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            value={alt}
            onChange={(event) => setAlt(event.currentTarget.value)}
            maxLength={ALT_MAX}
            required
            error={missingAlt ? t('messages:required') : undefined}
            data-testid={`${testId}-alt`}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('catalog.common.cancel')}
            </Button>
            <Button type="submit" data-testid={`${testId}-insert`}>
              {t('cp.editor.imageInsert')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
