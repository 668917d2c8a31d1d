import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { localDigits } from '../../../../../shared/locale';
import { Button } from '../../../../components/ui/Button';
import { SelectField } from '../../../../components/ui/SelectField';
import { TextField } from '../../../../components/ui/TextField';
import { ApiError, api, apiGet } from '../../../../lib/api';
import { useLocale, useT } from '../../../../lib/i18n';
import { toast } from '../../../../lib/toast';

type ReturnMode = 'shop' | 'none' | 'own';

interface Rules {
  serialRequired: boolean;
  returnDays: number | null;
  shopReturnDays: number;
}

const rulesKey = (categoryId: number) => ['admin', 'category-rules', categoryId] as const;

/** What is set for a category: GET of the two addresses that set it (shipping and returns). */
function useCategoryRules(categoryId: number) {
  return useQuery({
    queryKey: rulesKey(categoryId),
    queryFn: async ({ signal }): Promise<Rules> => {
      const [serials, days] = await Promise.all([
        apiGet<{ serialRequired: boolean }>(`/api/admin/couriers/categories/${categoryId}`, { auth: 'admin', signal }),
        apiGet<{ returnDays: number | null; shopReturnDays: number }>(`/api/admin/returns/categories/${categoryId}`, {
          auth: 'admin',
          signal,
        }),
      ]);
      return { serialRequired: serials.serialRequired, returnDays: days.returnDays, shopReturnDays: days.shopReturnDays };
    },
    refetchOnMount: 'always',
  });
}

const modeOf = (days: number | null): ReturnMode => (days === null ? 'shop' : days === 0 ? 'none' : 'own');

/**
 * A category's rules for shipping and returns: whether each unit's serial must be typed when its
 * goods ship, and its return window (the shop's days, none, or its own days). A role that may only
 * look at the catalogue sees them as text; one that may change them gets a form with Save, which
 * sends only what changed.
 */
export function CategoryRulesForm({ categoryId, canWrite }: { categoryId: number; canWrite: boolean }) {
  const t = useT();
  const rules = useCategoryRules(categoryId);
  if (rules.isPending) return <p className="py-2 text-sm text-slate-500">{t('admin-catalog.loading')}</p>;
  if (rules.isError) return <p className="py-2 text-sm text-red-600">{t('admin-catalog.rules.loadFailed')}</p>;
  // The form starts again from what is saved each time that is read afresh.
  return <RulesEditor key={rules.dataUpdatedAt} categoryId={categoryId} loaded={rules.data} canWrite={canWrite} />;
}

function RulesEditor({ categoryId, loaded, canWrite }: { categoryId: number; loaded: Rules; canWrite: boolean }) {
  const t = useT();
  const locale = useLocale();
  const ids = useId();
  const client = useQueryClient();
  const [serials, setSerials] = useState(loaded.serialRequired);
  const [mode, setMode] = useState<ReturnMode>(modeOf(loaded.returnDays));
  const [days, setDays] = useState(loaded.returnDays ? String(loaded.returnDays) : '');
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);

  const shopDays = localDigits(String(loaded.shopReturnDays), locale);
  const windowText = (value: number | null) =>
    value === null
      ? t('admin-catalog.rules.return.shop', { days: shopDays })
      : value === 0
        ? t('admin-catalog.rules.return.none')
        : t('admin-catalog.rules.return.days', { days: localDigits(String(value), locale) });

  if (!canWrite) {
    return (
      <dl className="grid gap-1 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-4" data-testid="category-rules">
        <dt className="font-medium text-slate-700">{t('admin-catalog.rules.serials')}</dt>
        <dd className="text-slate-900">{t(loaded.serialRequired ? 'admin-catalog.rules.yes' : 'admin-catalog.rules.no')}</dd>
        <dt className="font-medium text-slate-700">{t('admin-catalog.rules.returnWindow')}</dt>
        <dd className="text-slate-900">{windowText(loaded.returnDays)}</dd>
      </dl>
    );
  }

  const save = async (event: FormEvent) => {
    event.preventDefault();
    // Own days are a whole number from 1 to 365 (0 is "not returnable", chosen as such).
    const own = Number(days.trim());
    if (mode === 'own' && !(/^\d+$/.test(days.trim()) && own >= 1 && own <= 365)) {
      setError(t('admin-catalog.rules.daysInvalid'));
      return;
    }
    const returnDays = mode === 'shop' ? null : mode === 'none' ? 0 : own;
    setPending(true);
    try {
      if (serials !== loaded.serialRequired) {
        await api(`/api/admin/couriers/categories/${categoryId}`, {
          method: 'PUT',
          body: { serialRequired: serials },
          auth: 'admin',
        });
      }
      if (returnDays !== loaded.returnDays) {
        await api(`/api/admin/returns/categories/${categoryId}`, { method: 'PUT', body: { returnDays }, auth: 'admin' });
      }
      await client.invalidateQueries({ queryKey: rulesKey(categoryId) });
      toast.success(t('admin-catalog.rules.saved'));
    } catch (caught) {
      toast.error(t('admin-catalog.rules.saveFailed'));
      if (caught instanceof ApiError && caught.serverMessage) setError(caught.fieldErrors.returnDays ?? caught.serverMessage);
    } finally {
      setPending(false);
    }
  };

  return (
    <form onSubmit={(event) => void save(event)} noValidate className="space-y-3" aria-labelledby={`${ids}-title`}>
      <h3 id={`${ids}-title`} className="text-base font-semibold text-slate-900">
        {t('admin-catalog.rules.title')}
      </h3>
      <label className="flex items-start gap-2 text-sm text-slate-700">
        <input
          type="checkbox"
          className="mt-0.5 size-4"
          checked={serials}
          onChange={(event) => setSerials(event.target.checked)}
        />
        {t('admin-catalog.rules.serials')}
      </label>
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField
          label={t('admin-catalog.rules.returnWindow')}
          value={mode}
          onChange={(event) => {
            setMode(event.target.value as ReturnMode);
            setError(undefined);
          }}
        >
          <option value="shop">{t('admin-catalog.rules.return.shop', { days: shopDays })}</option>
          <option value="none">{t('admin-catalog.rules.return.none')}</option>
          <option value="own">{t('admin-catalog.rules.return.own')}</option>
        </SelectField>
        {mode === 'own' && (
          <TextField
            label={t('admin-catalog.rules.returnDays')}
            inputMode="numeric"
            value={days}
            onChange={(event) => {
              setDays(event.target.value);
              setError(undefined);
            }}
            error={error}
            autoComplete="off"
          />
        )}
      </div>
      {error && mode !== 'own' && (
        <p role="alert" className="text-sm text-red-600">
          {error}
        </p>
      )}
      <Button type="submit" variant="outline" size="sm" loading={pending}>
        {t('admin-catalog.rules.save')}
      </Button>
    </form>
  );
}
