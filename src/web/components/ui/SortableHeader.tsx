import ArrowDown from 'lucide-react/icons/arrow-down';
import ArrowUp from 'lucide-react/icons/arrow-up';
import ArrowUpDown from 'lucide-react/icons/arrow-up-down';
import { useCallback, useState } from 'react';

export type SortDirection = 'asc' | 'desc';
export interface SortState<Key extends string> {
  key: Key;
  direction: SortDirection;
}

/**
 * The sort of a table: choosing the sorted column again flips its direction, another column
 * starts ascending (or with its own first direction).
 */
export function useTableSort<Key extends string>(initial: SortState<Key> | null = null) {
  const [sort, setSort] = useState<SortState<Key> | null>(initial);
  const toggle = useCallback((key: Key, first: SortDirection = 'asc') => {
    setSort((current) =>
      current?.key === key ? { key, direction: current.direction === 'asc' ? 'desc' : 'asc' } : { key, direction: first },
    );
  }, []);
  return { sort, setSort, toggle };
}

/** Sorts a copy of `rows` by the value `pick` reads; strings compare as words, numbers as numbers. */
export function sortRows<Row, Key extends string>(
  rows: readonly Row[],
  sort: SortState<Key> | null,
  pick: (row: Row, key: Key) => string | number,
): Row[] {
  if (!sort) return [...rows];
  const factor = sort.direction === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const x = pick(a, sort.key);
    const y = pick(b, sort.key);
    const order =
      typeof x === 'number' && typeof y === 'number'
        ? x - y
        : String(x).localeCompare(String(y), 'en', { numeric: true, sensitivity: 'base' });
    return order * factor;
  });
}

/** A column heading that sorts the table: a button inside the <th>, and aria-sort on the <th>. */
export function SortableHeader<Key extends string>({
  label,
  column,
  sort,
  onSort,
  align = 'left',
  className = '',
}: {
  label: string;
  column: Key;
  sort: SortState<Key> | null;
  onSort: (column: Key) => void;
  align?: 'left' | 'right';
  className?: string;
}) {
  const active = sort?.key === column;
  const ariaSort = active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none';
  const Icon = !active ? ArrowUpDown : sort.direction === 'asc' ? ArrowUp : ArrowDown;
  return (
    <th scope="col" aria-sort={ariaSort} className={`px-3 py-2 ${align === 'right' ? 'text-right' : 'text-left'} ${className}`}>
      <button
        type="button"
        onClick={() => onSort(column)}
        className={`inline-flex min-h-9 items-center gap-1 rounded-md px-1 font-semibold whitespace-nowrap hover:text-slate-900 ${
          align === 'right' ? 'flex-row-reverse' : ''
        } ${active ? 'text-slate-900' : 'text-slate-600'}`}
      >
        {label}
        <Icon className={`size-3.5 ${active ? 'text-amber-600' : 'text-slate-400'}`} aria-hidden="true" />
      </button>
    </th>
  );
}
