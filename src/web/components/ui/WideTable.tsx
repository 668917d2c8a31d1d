import type { ReactNode } from 'react';

/**
 * A list's table for wider screens (phones get its cards instead): it scrolls sideways when it must,
 * and its caption names it for screen readers. `head` is the header row's cells, `children` the rows.
 */
export function WideTable({ caption, head, children }: { caption: string; head: ReactNode; children: ReactNode }) {
  return (
    <div className="hidden overflow-x-auto md:block">
      <table className="w-full text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-slate-200 text-slate-600">
          <tr>{head}</tr>
        </thead>
        <tbody className="divide-y divide-slate-100">{children}</tbody>
      </table>
    </div>
  );
}
