import type { UseFormReturnType } from '@mantine/form';
import type { UseMutationResult } from '@tanstack/react-query';
import { type FormEvent, useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorText, showFirstError, useApiSubmit } from '../lib/form';
import { useNotice } from './notice';

interface RecordEditorOptions<Values, Saved extends { id: string }> {
  form: UseFormReturnType<Values>;
  /** The saved record being edited; null for a new one. */
  record: Saved | null;
  /** The form's values of a record as the server keeps it. */
  valuesOf: (saved: Saved) => Values;
  /** Sends the values; answers the record as saved. */
  save: (values: Values) => Promise<Saved>;
  /** The notice after a save. */
  savedText: (saved: Saved) => string;
  /** A new record's own editor, which a first save moves to. */
  pathOf: (saved: Saved) => string;
  remove: UseMutationResult<unknown, Error, string>;
  /** The notice after a delete, and where it goes then. */
  removed: (record: Saved) => { text: string; to: string };
}

/**
 * The life of a staff editor's form (an article, a vacancy): saving (a first save moves to the new
 * record's own editor; later ones make the record as the server keeps it the new starting point),
 * the first field in error brought into view, deleting after a confirmation (the server's refusal
 * shown in the dialog), and "unsaved changes?" asked only while nothing of ours is moving away.
 */
export function useRecordEditor<Values, Saved extends { id: string }>({
  form,
  record,
  valuesOf,
  save,
  savedText,
  pathOf,
  remove,
  removed,
}: RecordEditorOptions<Values, Saved>) {
  const { t } = useTranslation();
  const notice = useNotice();
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  /** Set just before a save or delete moves away, so that the guard lets it go. */
  const leaving = useRef(false);
  const dirtyRef = useRef(false);
  dirtyRef.current = form.isDirty();
  const isDirty = useCallback(() => !leaving.current && dirtyRef.current, []);

  const { busy, onSubmit } = useApiSubmit(form, async (values) => {
    const saved = await save(values);
    notice(savedText(saved));
    if (!record) {
      leaving.current = true;
      await navigate(pathOf(saved), { replace: true });
      return;
    }
    form.setValues(valuesOf(saved));
    form.resetDirty(valuesOf(saved));
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    onSubmit(event);
    if (!form.isValid()) showFirstError(formRef.current);
  };

  const [deleting, setDeleting] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const askDelete = () => {
    setDeleteError(null);
    setDeleting(true);
  };
  const confirmDelete = () => {
    if (!record) return;
    remove.mutate(record.id, {
      onSuccess: async () => {
        leaving.current = true;
        setDeleting(false);
        const { text, to } = removed(record);
        notice(text);
        await navigate(to);
      },
      onError: (error) => setDeleteError(errorText(error, t)),
    });
  };

  return {
    formRef,
    submit,
    busy,
    isDirty,
    /** What the delete dialog takes. */
    deletion: {
      opened: deleting,
      error: deleteError,
      pending: remove.isPending,
      onConfirm: confirmDelete,
      onClose: () => setDeleting(false),
    },
    askDelete: record ? askDelete : undefined,
  };
}
