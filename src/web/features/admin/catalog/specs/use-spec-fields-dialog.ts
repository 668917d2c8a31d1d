import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { nepaliNameBodySchema } from '../../../../../shared/category-names';
import { type SpecFieldKind, specFieldCreateSchema } from '../../../../../shared/specs';
import { validationMessage } from '../../../../../shared/validation-ne';
import { ApiError } from '../../../../lib/api';
import { useLocale, useT } from '../../../../lib/i18n';
import { toast } from '../../../../lib/toast';
import {
  type SpecField,
  type SpecFieldInput,
  addSpecField,
  deleteSpecField,
  setCategoryNepaliName,
  updateSpecField,
  useCatalogInvalidation,
  useSpecFields,
} from '../api';
import { reasonOf } from '../use-categories-panel';

/** The field being written: choices as the text area holds them, one a line. */
export interface SpecDraft {
  name: string;
  kind: SpecFieldKind;
  unit: string;
  choices: string;
  isFilter: boolean;
}

export type DraftErrors = Partial<Record<'name' | 'kind' | 'unit' | 'choices' | 'form', string>>;

const EMPTY: SpecDraft = { name: '', kind: 'text', unit: '', choices: '', isFilter: false };

const draftOf = (field: SpecField): SpecDraft => ({
  name: field.name,
  kind: field.kind,
  unit: field.unit ?? '',
  choices: (field.choices ?? []).join('\n'),
  isFilter: field.isFilter,
});

/** What is sent: a unit only for a number, choices only for a choice (the API refuses the others). */
const inputOf = (draft: SpecDraft): SpecFieldInput => ({
  name: draft.name,
  kind: draft.kind,
  unit: draft.kind === 'number' ? draft.unit : null,
  choices:
    draft.kind === 'choice'
      ? draft.choices
          .split('\n')
          .map((line) => line.trim())
          .filter(Boolean)
      : null,
  isFilter: draft.isFilter,
});

const FIELD_KEYS = ['name', 'kind', 'unit', 'choices'] as const;

/** A refusal's messages by field (a choice's own message, `choices.2`, goes under Choices); the rest under the form. */
function errorsOf(caught: unknown): DraftErrors {
  const errors: DraftErrors = {};
  if (caught instanceof ApiError) {
    for (const [path, message] of Object.entries(caught.fieldErrors)) {
      const key = FIELD_KEYS.find((field) => path === field || path.startsWith(`${field}.`));
      if (key) errors[key] ??= message;
    }
  }
  if (Object.keys(errors).length === 0) {
    const reason = reasonOf(caught);
    if (reason) errors.form = reason;
  }
  return errors;
}

/**
 * The Specifications dialog's state for one category: its Nepali name being written, its fields,
 * the field being added or edited (`editing`: 'new', a field's id, or null), the field whose
 * deletion waits for a yes, and the refusals said under the fields in the page's language.
 */
export function useSpecFieldsDialog(category: { id: number; nameNe?: string }) {
  const t = useT();
  const locale = useLocale();
  const client = useQueryClient();
  const invalidate = useCatalogInvalidation();
  const fields = useSpecFields(category.id);
  const refresh = () => client.invalidateQueries({ queryKey: ['admin', 'spec-fields', category.id] });

  const [nepali, setNepali] = useState(category.nameNe ?? '');
  const [nepaliError, setNepaliError] = useState<string | undefined>();
  const [nepaliPending, setNepaliPending] = useState(false);

  const [editing, setEditing] = useState<'new' | number | null>(null);
  const [draft, setDraft] = useState<SpecDraft>(EMPTY);
  const [errors, setErrors] = useState<DraftErrors>({});
  const [pending, setPending] = useState(false);
  const [deleting, setDeleting] = useState<number | null>(null);
  const [deletePending, setDeletePending] = useState(false);

  const saveNepali = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = nepaliNameBodySchema.safeParse({ nameNe: nepali });
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message;
      setNepaliError(message === undefined ? undefined : validationMessage(message, locale));
      return;
    }
    setNepaliPending(true);
    try {
      await setCategoryNepaliName(category.id, nepali);
      await invalidate('categories');
      toast.success(t('admin-catalog.specFields.toast.nepaliSaved'));
    } catch (caught) {
      toast.error(t('admin-catalog.specFields.toast.nepaliFailed'));
      setNepaliError(caught instanceof ApiError ? (caught.fieldErrors.nameNe ?? reasonOf(caught)) : undefined);
    } finally {
      setNepaliPending(false);
    }
  };

  const startEdit = (target: 'new' | SpecField) => {
    setEditing(target === 'new' ? 'new' : target.id);
    setDraft(target === 'new' ? EMPTY : draftOf(target));
    setErrors({});
    setDeleting(null);
  };

  const change = (patch: Partial<SpecDraft>) => {
    setDraft((current) => ({ ...current, ...patch }));
    setErrors((current) => {
      const next = { ...current, form: undefined };
      for (const key of Object.keys(patch)) delete next[key as keyof DraftErrors];
      return next;
    });
  };

  const saveField = async (event: FormEvent) => {
    event.preventDefault();
    if (editing === null) return;
    const input = inputOf(draft);
    // The shared contract's own checks first, said in the page's language without a round trip.
    const parsed = specFieldCreateSchema.safeParse(input);
    if (!parsed.success) {
      const found: DraftErrors = {};
      for (const issue of parsed.error.issues) {
        const key = FIELD_KEYS.find((field) => field === issue.path[0]);
        if (key) found[key] ??= validationMessage(issue.message, locale);
      }
      setErrors(found);
      return;
    }
    setPending(true);
    try {
      if (editing === 'new') await addSpecField(category.id, input);
      else await updateSpecField(editing, input);
      await refresh();
      toast.success(t(editing === 'new' ? 'admin-catalog.specFields.toast.added' : 'admin-catalog.specFields.toast.saved'));
      setEditing(null);
    } catch (caught) {
      toast.error(t('admin-catalog.specFields.toast.saveFailed'));
      setErrors(errorsOf(caught));
    } finally {
      setPending(false);
    }
  };

  const confirmDelete = async () => {
    if (deleting === null) return;
    setDeletePending(true);
    try {
      await deleteSpecField(deleting);
      await refresh();
      toast.info(t('admin-catalog.specFields.toast.deleted'));
      if (editing === deleting) setEditing(null);
      setDeleting(null);
    } catch (caught) {
      toast.error(reasonOf(caught) ?? t('admin-catalog.specFields.toast.deleteFailed'));
    } finally {
      setDeletePending(false);
    }
  };

  return {
    fields,
    nepali,
    setNepali: (value: string) => {
      setNepali(value);
      setNepaliError(undefined);
    },
    nepaliError,
    nepaliPending,
    saveNepali,
    editing,
    draft,
    errors,
    pending,
    startEdit,
    cancelEdit: () => setEditing(null),
    change,
    saveField,
    deleting,
    askDelete: setDeleting,
    deletePending,
    confirmDelete,
  };
}

export type SpecFieldsDialogState = ReturnType<typeof useSpecFieldsDialog>;
