import { useId } from 'react';
import type { ProductSpec } from '../../../shared/specs';
import { useT } from '../../lib/i18n';

/**
 * The product page's 'Specifications': a two-column table (the field's name as the row's header,
 * then its value), in the category's order; nothing when the product has none.
 */
export function SpecTable({ specs }: { specs: readonly ProductSpec[] }) {
  const t = useT();
  const headingId = useId();
  if (specs.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="mt-8 border-t border-slate-200 pt-6">
      <h2 id={headingId} className="text-base font-semibold text-slate-900">
        {t('product-specs.table.title')}
      </h2>
      <table aria-labelledby={headingId} className="mt-3 w-full table-fixed text-left text-sm">
        <tbody>
          {specs.map((spec) => (
            <tr key={spec.name} className="border-b border-slate-100 last:border-b-0">
              <th scope="row" className="w-2/5 py-2.5 pr-4 align-top font-medium break-words text-slate-500 sm:w-1/3">
                {spec.name}
              </th>
              <td className="py-2.5 align-top break-words text-slate-800">{spec.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
