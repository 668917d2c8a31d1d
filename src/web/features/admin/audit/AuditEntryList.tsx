import { canUndo, undoneEntryId } from '../../../../shared/audit';
import { localDigits } from '../../../../shared/locale';
import { Button } from '../../../components/ui/Button';
import { formatDateTime } from '../../../lib/format';
import { useLocale, useT } from '../../../lib/i18n';
import { type AuditEntry, useUndoChange } from './api';
import { actionLabel, fieldLabel, formatValue } from './labels';

/**
 * Audit entries, newest first: when, who, what was done to what, and each changed field as
 * before → after. `showEntity` off for one thing's own history (the product is the page's subject);
 * `undoable` on there too: a price or stock change gets an Undo button (refused by the server when
 * the value has changed since).
 */
export function AuditEntryList({
  entries,
  label,
  showEntity = true,
  undoable = false,
}: {
  entries: AuditEntry[];
  label: string;
  showEntity?: boolean;
  undoable?: boolean;
}) {
  const { undo, pendingId } = useUndoChange();
  const t = useT();
  return (
    <ol aria-label={label} className="divide-y divide-slate-100 rounded-xl border border-slate-200">
      {entries.map((entry) => (
        <li key={entry.id} className="px-4 py-3" data-testid="audit-entry">
          <Entry entry={entry} showEntity={showEntity} />
          {undoable && canUndo(entry) && (
            <Button
              variant="outline"
              size="sm"
              className="mt-2"
              aria-label={t('admin.activity.undoLabel')}
              loading={pendingId === entry.id}
              disabled={pendingId !== undefined}
              onClick={() => undo(entry.id)}
            >
              {t('admin.activity.undo')}
            </Button>
          )}
        </li>
      ))}
    </ol>
  );
}

function Entry({ entry, showEntity }: { entry: AuditEntry; showEntity: boolean }) {
  const t = useT();
  const locale = useLocale();
  const who =
    entry.adminId === null
      ? t('admin.activity.commandLine')
      : (entry.adminName ?? t('admin.activity.unknownAdmin', { id: localDigits(String(entry.adminId), locale) }));
  const changes = Object.entries(entry.changes);
  return (
    <article className="text-sm">
      <p className="flex flex-wrap items-baseline gap-x-2 text-xs text-slate-500">
        <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt, locale)}</time>
        <span>{t('admin.activity.by', { admin: who })}</span>
      </p>
      <h3 className="mt-1 text-slate-900">
        <span className="font-semibold">{actionLabel(entry, t)}</span>
        {showEntity && (
          <>
            {': '}
            <span className="wrap-anywhere">{entityText(entry, t)}</span>
          </>
        )}
      </h3>
      {changes.length > 0 && (
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
          {changes.map(([field, [before, after]]) => (
            <div key={field} className="contents">
              <dt className="text-slate-500">{fieldLabel(field, t)}</dt>
              <dd className="min-w-0 wrap-anywhere text-slate-800">
                {before === null && field !== 'stock' ? (
                  formatValue(field, after, t, locale)
                ) : after === null && field !== 'stock' ? (
                  <span className="line-through decoration-slate-400">{formatValue(field, before, t, locale)}</span>
                ) : (
                  t('admin.activity.change', {
                    before: formatValue(field, before, t, locale),
                    after: formatValue(field, after, t, locale),
                  })
                )}
              </dd>
            </div>
          ))}
        </dl>
      )}
      {entry.action === 'product.undo' ? (
        <p className="mt-2 text-slate-600">
          {t('admin.activity.undoOf', { id: localDigits(String(undoneEntryId(entry.note)), locale) })}
        </p>
      ) : (
        entry.note && (
          <p className="mt-2 rounded-lg bg-amber-50 px-3 py-2 text-slate-800">
            {t('admin.activity.reason', { note: entry.note })}
          </p>
        )
      )}
    </article>
  );
}

/** "Curved 27 QHD (ID 42)", "Order ORD-… (Sita Sharma)", an import's file name. */
function entityText(entry: AuditEntry, t: ReturnType<typeof useT>): string {
  if (entry.action === 'product.import') return entry.summary;
  if (entry.entityType === 'order') return t('admin.activity.entity.order', { id: entry.entityId, name: entry.summary });
  return t('admin.activity.entity.other', { name: entry.summary, id: entry.entityId });
}
