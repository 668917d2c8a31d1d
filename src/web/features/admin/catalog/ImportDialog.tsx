import { useId, useState } from 'react';
import { localDigits } from '../../../../shared/locale';
import {
  IMPORT_CSV_MAX_MB,
  IMPORT_ZIP_MAX_MB,
  type ImportPreviewRow,
  type ImportReport,
  type ImportRowError,
} from '../../../../shared/product-csv';
import { Button } from '../../../components/ui/Button';
import { ApiError } from '../../../lib/api';
import { formatCount, formatPrice } from '../../../lib/format';
import { useLocale, useT } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { downloadProductsTemplate, importProducts } from './api';
import { Dialog } from '../../../components/ui/Dialog';

/** Errors listed at most; the rest are counted ("…and 120 more"). */
const ERRORS_SHOWN = 200;

const fileInputClasses =
  'block w-full rounded-lg border border-control bg-white text-sm text-slate-700 file:mr-3 file:h-11 file:border-0 file:bg-slate-100 file:px-4 file:font-semibold file:text-slate-800 hover:file:bg-slate-200';

/** A report the server sent with a refusal (400 IMPORT_INVALID: the same body as the preview's). */
function reportOf(error: unknown): ImportReport | undefined {
  const body = error instanceof ApiError ? (error.body as Partial<ImportReport> | undefined) : undefined;
  return body && Array.isArray(body.errors) && Array.isArray(body.preview) ? (body as ImportReport) : undefined;
}

/**
 * Import CSV: choose the CSV and an optional ZIP of images → the server checks every row
 * and writes nothing (POST …/import?dryRun=1) → the preview: counts, new categories, every row's
 * errors, the first rows → Apply (only when no row has an error) sends the same files again, and the
 * server writes all rows in one transaction or none. Choosing another file starts again. Prices that
 * move to under half or over one and a half times the old ones are listed, and Apply is possible
 * only once the owner has ticked that they are meant (sent as confirmPriceChanges).
 */
export function ImportDialog({ open, onClose, onImported }: { open: boolean; onClose: () => void; onImported: () => void }) {
  const t = useT();
  return (
    <Dialog
      layout="panel"
      closeLabel={t('admin-catalog.modal.close')}
      open={open}
      onClose={onClose}
      title={t('admin-catalog.import.title')}
      widthClass="max-w-4xl"
    >
      {open && <ImportForm onClose={onClose} onImported={onImported} />}
    </Dialog>
  );
}

function ImportForm({ onClose, onImported }: { onClose: () => void; onImported: () => void }) {
  const t = useT();
  const locale = useLocale();
  const id = useId();
  const [csv, setCsv] = useState<File | null>(null);
  const [zip, setZip] = useState<File | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState<'check' | 'apply' | null>(null);
  const [pricesMeant, setPricesMeant] = useState(false);

  const choose = (kind: 'csv' | 'zip', files: FileList | null) => {
    const file = files?.[0] ?? null;
    if (kind === 'csv') setCsv(file);
    else setZip(file);
    // Other files: the preview no longer says anything about them.
    setReport(null);
    setPricesMeant(false);
    setFailure(null);
  };

  const check = async () => {
    if (!csv) return;
    setBusy('check');
    setFailure(null);
    try {
      setReport(await importProducts(csv, zip, true));
    } catch (error) {
      setReport(null);
      setFailure(error instanceof ApiError && error.serverMessage ? error.serverMessage : t('admin-catalog.import.checkFailed'));
    } finally {
      setBusy(null);
    }
  };

  const apply = async () => {
    if (!csv || !report || report.errorRows > 0) return;
    setBusy('apply');
    setFailure(null);
    try {
      const done = await importProducts(csv, zip, false, pricesMeant);
      toast.success(
        t('admin-catalog.import.done', {
          creates: formatCount(done.creates, locale),
          updates: formatCount(done.updates, locale),
        }),
      );
      onImported();
      onClose();
    } catch (error) {
      const refused = reportOf(error);
      if (refused) setReport(refused);
      setFailure(error instanceof ApiError && error.serverMessage ? error.serverMessage : t('admin-catalog.import.applyFailed'));
    } finally {
      setBusy(null);
    }
  };

  const blocked = !report || report.errorRows > 0 || (report.priceChanges.length > 0 && !pricesMeant);
  return (
    <div className="space-y-5">
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor={`${id}-csv`} className="mb-1.5 block text-sm font-medium text-slate-700">
            {t('admin-catalog.import.csvLabel')}
          </label>
          <input
            id={`${id}-csv`}
            type="file"
            accept=".csv,text/csv"
            onChange={(event) => choose('csv', event.target.files)}
            aria-describedby={`${id}-csv-hint`}
            className={fileInputClasses}
          />
          <p id={`${id}-csv-hint`} className="mt-1 text-xs text-slate-500">
            {t('admin-catalog.import.csvHint', { size: localDigits(String(IMPORT_CSV_MAX_MB), locale) })}
          </p>
          <button
            type="button"
            onClick={() => void downloadProductsTemplate().catch(() => setFailure(t('admin-catalog.import.templateFailed')))}
            className="mt-1 text-xs font-medium text-slate-700 underline decoration-slate-300 underline-offset-2 hover:text-amber-700 hover:decoration-amber-500"
          >
            {t('admin-catalog.import.template')}
          </button>
        </div>
        <div>
          <label htmlFor={`${id}-zip`} className="mb-1.5 block text-sm font-medium text-slate-700">
            {t('admin-catalog.import.zipLabel')}
          </label>
          <input
            id={`${id}-zip`}
            type="file"
            accept=".zip,application/zip"
            onChange={(event) => choose('zip', event.target.files)}
            aria-describedby={`${id}-zip-hint`}
            className={fileInputClasses}
          />
          <p id={`${id}-zip-hint`} className="mt-1 text-xs text-slate-500">
            {t('admin-catalog.import.zipHint', { size: localDigits(String(IMPORT_ZIP_MAX_MB), locale) })}
          </p>
        </div>
      </div>

      {failure && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm font-medium text-red-700">
          {failure}
        </p>
      )}

      {report && <Preview report={report} />}
      {report && report.errorRows === 0 && report.priceChanges.length > 0 && (
        <PriceChanges report={report} meant={pricesMeant} onMeant={setPricesMeant} />
      )}

      <div className="flex flex-wrap justify-end gap-2 border-t border-slate-200 pt-4">
        <Button variant="outline" onClick={onClose} disabled={busy !== null}>
          {t('admin-catalog.import.cancel')}
        </Button>
        <Button variant="outline" onClick={() => void check()} disabled={!csv || busy === 'apply'} loading={busy === 'check'}>
          {report ? t('admin-catalog.import.checkAgain') : t('admin-catalog.import.check')}
        </Button>
        <Button
          variant="secondary"
          onClick={() => void apply()}
          disabled={blocked || busy === 'check'}
          loading={busy === 'apply'}
        >
          {t('admin-catalog.import.apply')}
        </Button>
      </div>
    </div>
  );
}

function Preview({ report }: { report: ImportReport }) {
  const t = useT();
  const locale = useLocale();
  const count = (n: number) => formatCount(n, locale);
  const stats: [string, number][] = [
    [t('admin-catalog.import.rows'), report.rows],
    [t('admin-catalog.import.creates'), report.creates],
    [t('admin-catalog.import.updates'), report.updates],
    [t('admin-catalog.import.unchanged'), report.unchanged],
    [t('admin-catalog.import.errorRows'), report.errorRows],
  ];
  const errorIndex = stats.length - 1;
  return (
    <section aria-label={t('admin-catalog.import.previewLabel')} className="space-y-4">
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-5">
        {stats.map(([label, value], index) => (
          <div
            key={label}
            className={`rounded-lg border px-3 py-2 ${index === errorIndex && value > 0 ? 'border-red-200 bg-red-50' : 'border-slate-200 bg-slate-50'}`}
          >
            <dt className="text-xs text-slate-600">{label}</dt>
            <dd className={`text-lg font-semibold ${index === errorIndex && value > 0 ? 'text-red-700' : 'text-slate-900'}`}>
              {count(value)}
            </dd>
          </div>
        ))}
      </dl>

      {report.newCategories.length > 0 && (
        <div className="text-sm text-slate-700">
          <p className="font-medium">{t('admin-catalog.import.newCategories')}</p>
          <ul className="mt-1 list-inside list-disc">
            {report.newCategories.map((path) => (
              <li key={path}>{path}</li>
            ))}
          </ul>
        </div>
      )}

      {report.errors.length > 0 ? (
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3">
          <h3 className="text-sm font-semibold text-red-800">{t('admin-catalog.import.errorsTitle')}</h3>
          <p className="mt-0.5 text-xs text-red-800">{t('admin-catalog.import.fixFirst')}</p>
          <ul
            className="mt-2 max-h-56 space-y-1 overflow-y-auto text-sm text-red-900"
            data-testid="import-errors"
            tabIndex={0}
            aria-label={t('admin-catalog.import.errorsTitle')}
          >
            {report.errors.slice(0, ERRORS_SHOWN).map((error, index) => (
              <li key={index}>
                <ErrorText error={error} />
              </li>
            ))}
          </ul>
          {report.errors.length > ERRORS_SHOWN && (
            <p className="mt-1 text-xs text-red-800">
              {t('admin-catalog.import.moreErrors', { count: count(report.errors.length - ERRORS_SHOWN) })}
            </p>
          )}
        </div>
      ) : (
        <p
          role="status"
          className="rounded-lg border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm font-medium text-emerald-800"
        >
          {t('admin-catalog.import.noErrors')}
        </p>
      )}

      {/* Scrolls sideways on a phone: focusable, so a keyboard can scroll it too. */}
      <div className="-mx-5 overflow-x-auto px-5" tabIndex={0} role="region" aria-label={t('admin-catalog.import.previewTable')}>
        <table className="w-full min-w-[36rem] text-left text-sm">
          <caption className="mb-1 text-left text-xs text-slate-500">
            {t('admin-catalog.import.previewCaption', { shown: count(report.preview.length), rows: count(report.rows) })}
          </caption>
          <thead className="border-y border-slate-200 bg-slate-50 text-xs font-semibold text-slate-600">
            <tr>
              <th scope="col" className="px-2 py-2">
                {t('admin-catalog.import.column.row')}
              </th>
              <th scope="col" className="px-2 py-2">
                {t('admin-catalog.import.column.action')}
              </th>
              <th scope="col" className="px-2 py-2">
                {t('admin-catalog.import.column.sku')}
              </th>
              <th scope="col" className="px-2 py-2">
                {t('admin-catalog.import.column.name')}
              </th>
              <th scope="col" className="px-2 py-2">
                {t('admin-catalog.import.column.category')}
              </th>
              <th scope="col" className="px-2 py-2 text-right">
                {t('admin-catalog.import.column.price')}
              </th>
              <th scope="col" className="px-2 py-2 text-right">
                {t('admin-catalog.import.column.stock')}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {report.preview.map((row) => (
              <PreviewRow key={row.row} row={row} />
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function ErrorText({ error }: { error: ImportRowError }) {
  const t = useT();
  const locale = useLocale();
  const row = localDigits(String(error.row), locale);
  return error.column
    ? t('admin-catalog.import.errorAt', { row, column: error.column, message: error.message })
    : t('admin-catalog.import.errorAtRow', { row, message: error.message });
}

function PreviewRow({ row }: { row: ImportPreviewRow }) {
  const t = useT();
  const locale = useLocale();
  const failed = row.errors.length > 0;
  return (
    <tr className={failed ? 'bg-red-50/60' : undefined}>
      <td className="px-2 py-2 text-slate-600">{localDigits(String(row.row), locale)}</td>
      <td className="px-2 py-2">
        {failed ? (
          <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-800">
            {t('admin-catalog.import.action.error')}
          </span>
        ) : row.action === 'unchanged' ? (
          <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700">
            {t('admin-catalog.import.action.unchanged')}
          </span>
        ) : row.action === 'create' ? (
          <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-800">
            {t('admin-catalog.import.action.create')}
          </span>
        ) : (
          <span className="rounded-full bg-sky-100 px-2 py-0.5 text-xs font-semibold text-sky-800">
            {t('admin-catalog.import.action.update')}
          </span>
        )}
      </td>
      <td className="px-2 py-2 font-mono text-xs">{row.sku}</td>
      <td className="px-2 py-2 text-slate-900">{row.name}</td>
      <td className="px-2 py-2 text-slate-600">{row.category}</td>
      <td className="px-2 py-2 text-right whitespace-nowrap">{row.price === null ? '—' : formatPrice(row.price, locale)}</td>
      <td className="px-2 py-2 text-right">
        {row.stock === undefined
          ? ''
          : row.stock === null
            ? t('admin-catalog.products.row.notTracked')
            : localDigits(String(row.stock), locale)}
      </td>
    </tr>
  );
}

/** The price changes of more than half, row by row, and the tick that says they are meant. */
function PriceChanges({ report, meant, onMeant }: { report: ImportReport; meant: boolean; onMeant: (meant: boolean) => void }) {
  const t = useT();
  const locale = useLocale();
  const id = useId();
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="rounded-lg border border-amber-300 bg-amber-50 p-3"
      data-testid="import-price-changes"
    >
      <h3 id={`${id}-title`} className="text-sm font-semibold text-amber-900">
        {t('admin-catalog.import.priceChanges.title')}
      </h3>
      <ul className="mt-2 max-h-48 space-y-1 overflow-y-auto text-sm text-amber-950">
        {report.priceChanges.map((change) => (
          <li key={change.row}>
            {t('admin-catalog.import.priceChanges.row', {
              row: localDigits(String(change.row), locale),
              name: change.name,
              before: formatPrice(change.oldPrice, locale),
              after: formatPrice(change.newPrice, locale),
            })}
          </li>
        ))}
      </ul>
      <label className="mt-3 flex items-start gap-2 text-sm font-medium text-amber-950">
        <input type="checkbox" className="mt-0.5 size-4" checked={meant} onChange={(event) => onMeant(event.target.checked)} />
        {t('admin-catalog.import.priceChanges.confirm')}
      </label>
    </section>
  );
}
