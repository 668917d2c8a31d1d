import Trash2 from 'lucide-react/icons/trash-2';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { type DictionaryEntry, dictionaryBodySchema } from '../../../../shared/search-words';
import { validationMessage } from '../../../../shared/validation-ne';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { TextField } from '../../../components/ui/TextField';
import { api, apiGet, apiPut } from '../../../lib/api';
import { useLocale, useT } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { useCan } from '../permissions';
import { reasonOf } from './use-categories-panel';

const KEY = ['admin', 'search-dictionary'] as const;

/**
 * The search dictionary: what shoppers type ("ल्यापटप") and the catalogue's word it is searched
 * as ("laptop") when the search as typed finds nothing. Add or change a word, remove one.
 */
export function SearchDictionaryCard() {
  const t = useT();
  const locale = useLocale();
  const client = useQueryClient();
  const list = useQuery({
    queryKey: KEY,
    queryFn: () => apiGet<{ entries: DictionaryEntry[] }>('/api/admin/search-dictionary', { auth: 'admin' }),
  });
  const [word, setWord] = useState('');
  const [term, setTerm] = useState('');
  const [errors, setErrors] = useState<{ word?: string; term?: string; form?: string }>({});
  const [pending, setPending] = useState<string | null>(null);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = dictionaryBodySchema.safeParse({ word, term });
    if (!parsed.success) {
      const found: { word?: string; term?: string } = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] === 'word' ? 'word' : 'term';
        found[field] ??= validationMessage(issue.message, locale);
      }
      setErrors(found);
      return;
    }
    setPending('save');
    try {
      await apiPut('/api/admin/search-dictionary', parsed.data, { auth: 'admin' });
      toast.success(t('admin-catalog.dictionary.saved'));
      setWord('');
      setTerm('');
      setErrors({});
      await client.invalidateQueries({ queryKey: KEY });
    } catch (caught) {
      setErrors({ form: reasonOf(caught) ?? t('admin-catalog.dictionary.saveFailed') });
    } finally {
      setPending(null);
    }
  };

  const remove = async (entry: DictionaryEntry) => {
    setPending(`remove-${entry.id}`);
    try {
      await api(`/api/admin/search-dictionary/${entry.id}`, { method: 'DELETE', auth: 'admin' });
      toast.success(t('admin-catalog.dictionary.removed', { word: entry.word }));
      await client.invalidateQueries({ queryKey: KEY });
    } catch {
      toast.error(t('admin-catalog.dictionary.removeFailed'));
    } finally {
      setPending(null);
    }
  };

  const entries = list.data?.entries ?? [];
  // A role that may only look at the catalogue sees the dictionary without its form and Remove.
  const canWrite = useCan('catalog.write');
  return (
    <Card title={t('admin-catalog.dictionary.title')}>
      <p className="mb-4 text-sm text-slate-600">{t('admin-catalog.dictionary.intro')}</p>
      {canWrite && (
        <form onSubmit={(event) => void save(event)} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-start">
          <TextField
            label={t('admin-catalog.dictionary.word')}
            value={word}
            onChange={(event) => {
              setWord(event.target.value);
              setErrors({});
            }}
            error={errors.word}
            maxLength={60}
            autoComplete="off"
            className="flex-1"
          />
          <TextField
            label={t('admin-catalog.dictionary.term')}
            value={term}
            onChange={(event) => {
              setTerm(event.target.value);
              setErrors({});
            }}
            error={errors.term}
            maxLength={60}
            autoComplete="off"
            className="flex-1"
          />
          <Button type="submit" variant="primary" loading={pending === 'save'} className="sm:mt-7">
            {t('admin-catalog.dictionary.save')}
          </Button>
        </form>
      )}
      {errors.form && (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {errors.form}
        </p>
      )}
      {list.isPending ? (
        <p className="py-6 text-center text-sm text-slate-500">{t('admin-catalog.loading')}</p>
      ) : list.isError ? (
        <p className="py-6 text-center text-sm text-red-600">{t('admin-catalog.dictionary.loadFailed')}</p>
      ) : entries.length === 0 ? (
        <p className="py-6 text-center text-sm text-slate-500">{t('admin-catalog.dictionary.empty')}</p>
      ) : (
        <ul
          aria-label={t('admin-catalog.dictionary.title')}
          // Without Remove buttons nothing in the list takes focus: the scrolling list does, for the keyboard.
          tabIndex={canWrite ? undefined : 0}
          className="mt-5 max-h-96 scroll-py-2 divide-y divide-slate-100 overflow-y-auto p-1.5"
        >
          {entries.map((entry) => (
            <li key={entry.id} className="flex items-center justify-between gap-3 py-2 text-sm">
              <span className="min-w-0 break-words text-slate-900">
                <span className="font-medium">{entry.word}</span>
                <span aria-hidden="true"> → </span>
                <span className="sr-only"> {t('admin-catalog.dictionary.searchedAs')} </span>
                <span className="text-slate-700">{entry.term}</span>
              </span>
              {canWrite && (
                <Button
                  variant="ghost"
                  size="sm"
                  loading={pending === `remove-${entry.id}`}
                  onClick={() => void remove(entry)}
                  aria-label={t('admin-catalog.dictionary.remove', { word: entry.word })}
                >
                  <Trash2 className="size-4" aria-hidden="true" />
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
