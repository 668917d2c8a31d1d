import Pencil from 'lucide-react/icons/pencil';
import Plus from 'lucide-react/icons/plus';
import Trash2 from 'lucide-react/icons/trash-2';
import { useId } from 'react';
import { NEPALI_NAME_MAX } from '../../../../../shared/category-names';
import { SPEC_FIELD_KINDS, SPEC_NAME_MAX, SPEC_UNIT_MAX } from '../../../../../shared/specs';
import { ErrorBanner } from '../../../../components/ui/Alert';
import { Button } from '../../../../components/ui/Button';
import { Dialog } from '../../../../components/ui/Dialog';
import { SelectField } from '../../../../components/ui/SelectField';
import { TextField, inputClasses } from '../../../../components/ui/TextField';
import { useT } from '../../../../lib/i18n';
import type { SpecField } from '../api';
import { useCan } from '../../permissions';
import { CategoryRulesForm } from './CategoryRulesForm';
import { SPEC_KIND_LABELS } from './kind-labels';
import { type SpecFieldsDialogState, useSpecFieldsDialog } from './use-spec-fields-dialog';

/**
 * A top-level category's "Specifications": its Nepali name, its shipping and return rules
 * (CategoryRulesForm), and its specification fields listed
 * with Edit and Delete (a yes asked in the row), and a form to add or edit one (name, kind, a
 * number's unit, a choice's choices, whether the list filters by it). The API's refusals are said
 * under their fields in the page's language. A role that may only look at the catalogue sees it
 * all without the forms and buttons that change it.
 */
export function SpecFieldsDialog({
  category,
  onClose,
}: {
  category: { id: number; name: string; nameNe?: string };
  onClose: () => void;
}) {
  const t = useT();
  const state = useSpecFieldsDialog(category);
  const { fields } = state;
  const canWrite = useCan('catalog.write');
  return (
    <Dialog
      open
      onClose={onClose}
      layout="panel"
      title={t('admin-catalog.specFields.title', { name: category.name })}
      closeLabel={t('admin-catalog.specFields.close')}
    >
      <p className="mb-4 text-sm text-slate-600">{t('admin-catalog.specFields.description')}</p>
      {canWrite ? (
        <form
          onSubmit={(event) => void state.saveNepali(event)}
          noValidate
          className="flex flex-col gap-2 sm:flex-row sm:items-start"
        >
          <TextField
            label={t('admin-catalog.specFields.nepaliName')}
            hint={t('admin-catalog.specFields.nepaliHint')}
            value={state.nepali}
            onChange={(event) => state.setNepali(event.target.value)}
            error={state.nepaliError}
            maxLength={NEPALI_NAME_MAX}
            lang="ne"
            autoComplete="off"
            className="flex-1"
          />
          <Button type="submit" variant="outline" size="sm" loading={state.nepaliPending} className="sm:mt-7">
            {t('admin-catalog.specFields.saveNepali')}
          </Button>
        </form>
      ) : (
        <p className="text-sm">
          <span className="font-medium text-slate-700">{t('admin-catalog.specFields.nepaliName')}: </span>
          <span lang="ne" className="text-slate-900">
            {category.nameNe || '—'}
          </span>
        </p>
      )}

      <div className="mt-6">
        <CategoryRulesForm categoryId={category.id} canWrite={canWrite} />
      </div>

      <h3 className="mt-6 mb-2 text-base font-semibold text-slate-900">{t('admin-catalog.specFields.fields')}</h3>
      {fields.isPending ? (
        <p className="py-4 text-center text-sm text-slate-500">{t('admin-catalog.loading')}</p>
      ) : fields.isError ? (
        <p className="py-4 text-center text-sm text-red-600">{t('admin-catalog.specFields.loadFailed')}</p>
      ) : fields.data.length === 0 ? (
        <p className="py-4 text-center text-sm text-slate-500">{t('admin-catalog.specFields.empty')}</p>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200" data-testid="spec-field-list">
          {fields.data.map((field) =>
            state.editing === field.id ? (
              <li key={field.id} className="p-3">
                <FieldForm state={state} title={t('admin-catalog.specFields.editField', { name: field.name })} />
              </li>
            ) : (
              <FieldRow key={field.id} field={field} state={state} canWrite={canWrite} />
            ),
          )}
        </ul>
      )}
      <div className="mt-4">
        {!canWrite ? null : state.editing === 'new' ? (
          <div className="rounded-xl border border-slate-200 p-3">
            <FieldForm state={state} title={t('admin-catalog.specFields.newField')} />
          </div>
        ) : (
          <Button variant="outline" size="sm" onClick={() => state.startEdit('new')}>
            <Plus className="size-4" aria-hidden="true" />
            {t('admin-catalog.specFields.add')}
          </Button>
        )}
      </div>
    </Dialog>
  );
}

/** A field as listed: its name, kind with unit or choices, a Filter mark; Edit and Delete (or the yes asked). */
function FieldRow({ field, state, canWrite }: { field: SpecField; state: SpecFieldsDialogState; canWrite: boolean }) {
  const t = useT();
  const detail =
    field.kind === 'number' && field.unit
      ? `${t(SPEC_KIND_LABELS.number)} (${field.unit})`
      : field.kind === 'choice'
        ? `${t(SPEC_KIND_LABELS.choice)}: ${(field.choices ?? []).join(', ')}`
        : t(SPEC_KIND_LABELS[field.kind]);
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
      <span className="min-w-0">
        <span className="font-medium break-words text-slate-900">{field.name}</span>
        <span className="ml-2 text-xs break-words text-slate-600">{detail}</span>
        {field.isFilter && (
          <span className="ml-2 rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-700">
            {t('admin-catalog.specFields.filterBadge')}
          </span>
        )}
      </span>
      {!canWrite ? null : state.deleting === field.id ? (
        <span className="flex flex-wrap items-center gap-2">
          <span className="text-sm text-slate-700">{t('admin-catalog.specFields.confirmDelete', { name: field.name })}</span>
          <Button
            size="sm"
            variant="ghost"
            className="text-red-600! hover:bg-red-50!"
            loading={state.deletePending}
            onClick={() => void state.confirmDelete()}
          >
            {t('admin-catalog.specFields.confirmYes')}
          </Button>
          <Button size="sm" variant="outline" onClick={() => state.askDelete(null)} disabled={state.deletePending}>
            {t('admin-catalog.specFields.confirmNo')}
          </Button>
        </span>
      ) : (
        <span className="flex gap-2">
          <Button
            size="sm"
            variant="outline"
            onClick={() => state.startEdit(field)}
            aria-label={t('admin-catalog.specFields.editOf', { name: field.name })}
          >
            <Pencil className="size-4" aria-hidden="true" />
            {t('admin-catalog.specFields.edit')}
          </Button>
          <Button
            size="sm"
            variant="ghost"
            className="text-red-600! hover:bg-red-50!"
            onClick={() => state.askDelete(field.id)}
            aria-label={t('admin-catalog.specFields.deleteOf', { name: field.name })}
          >
            <Trash2 className="size-4" aria-hidden="true" />
            {t('admin-catalog.specFields.delete')}
          </Button>
        </span>
      )}
    </li>
  );
}

/** The field being added or edited: name, kind, then a number's unit or a choice's choices, and Filter. */
function FieldForm({ state, title }: { state: SpecFieldsDialogState; title: string }) {
  const t = useT();
  const id = useId();
  const { draft, errors } = state;
  return (
    <form onSubmit={(event) => void state.saveField(event)} noValidate aria-labelledby={`${id}-title`} className="space-y-3">
      <h4 id={`${id}-title`} className="text-sm font-semibold text-slate-900">
        {title}
      </h4>
      {errors.form && <ErrorBanner>{errors.form}</ErrorBanner>}
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label={t('admin-catalog.specFields.name')}
          value={draft.name}
          onChange={(event) => state.change({ name: event.target.value })}
          error={errors.name}
          maxLength={SPEC_NAME_MAX}
          autoComplete="off"
        />
        <SelectField
          label={t('admin-catalog.specFields.kind')}
          value={draft.kind}
          onChange={(event) => state.change({ kind: event.target.value as (typeof SPEC_FIELD_KINDS)[number] })}
          error={errors.kind}
        >
          {SPEC_FIELD_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {t(SPEC_KIND_LABELS[kind])}
            </option>
          ))}
        </SelectField>
      </div>
      {draft.kind === 'number' && (
        <TextField
          label={t('admin-catalog.specFields.unit')}
          value={draft.unit}
          onChange={(event) => state.change({ unit: event.target.value })}
          error={errors.unit}
          maxLength={SPEC_UNIT_MAX}
          autoComplete="off"
        />
      )}
      {draft.kind === 'choice' && (
        <div>
          <label htmlFor={`${id}-choices`} className="mb-1.5 block text-sm font-medium text-slate-700">
            {t('admin-catalog.specFields.choices')}
          </label>
          <textarea
            id={`${id}-choices`}
            value={draft.choices}
            onChange={(event) => state.change({ choices: event.target.value })}
            rows={4}
            aria-invalid={errors.choices ? true : undefined}
            aria-describedby={errors.choices ? `${id}-choices-error` : undefined}
            className={`${inputClasses} h-auto py-2 ${errors.choices ? 'border-red-500' : 'border-control'}`}
          />
          {errors.choices && (
            <p id={`${id}-choices-error`} className="mt-1 text-sm text-red-600">
              {errors.choices}
            </p>
          )}
        </div>
      )}
      <label className="flex items-start gap-2 text-sm text-slate-700">
        <input
          type="checkbox"
          className="mt-0.5 size-4"
          checked={draft.isFilter}
          onChange={(event) => state.change({ isFilter: event.target.checked })}
        />
        {t('admin-catalog.specFields.isFilter')}
      </label>
      <div className="flex gap-2">
        <Button type="submit" variant="primary" size="sm" loading={state.pending}>
          {t('admin-catalog.specFields.save')}
        </Button>
        <Button variant="outline" size="sm" onClick={state.cancelEdit} disabled={state.pending}>
          {t('admin-catalog.specFields.cancel')}
        </Button>
      </div>
    </form>
  );
}
