import { Spinner } from '../../components/ui/Spinner';
import { formatPrice } from '../../lib/format';
import { type OrderItem, itemTotal, statusClasses, statusLabel } from './api';

export function StatusBadge({ status }: { status: string }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset ${statusClasses(status)}`}
      data-testid="order-status"
    >
      {statusLabel(status)}
    </span>
  );
}

/**
 * An order's items (SPEC §2: Product Name, Category, Price, Quantity, Total): a table on wider
 * screens, a list of small cards on phones.
 */
export function OrderItemsList({
  items,
  loading = false,
  error,
  caption,
}: {
  items: readonly OrderItem[];
  loading?: boolean;
  error?: string;
  caption: string;
}) {
  if (loading) {
    return (
      <p role="status" className="flex items-center gap-2 py-3 text-sm text-slate-500">
        <Spinner className="size-4 text-amber-500" />
        Loading items...
      </p>
    );
  }
  if (error) {
    return (
      <p role="alert" className="py-3 text-sm font-medium text-red-600">
        {error}
      </p>
    );
  }
  if (items.length === 0) return <p className="py-3 text-sm text-slate-500">No items found.</p>;
  return (
    <>
      <ul className="space-y-2 md:hidden" aria-label={caption}>
        {items.map((item, index) => (
          <li key={item.id ?? index} className="rounded-lg border border-slate-200 bg-white p-3 text-sm">
            <p className="font-medium text-slate-900">{item.product.name}</p>
            <p className="text-xs text-slate-500">{item.product.category}</p>
            <p className="mt-1 flex justify-between text-slate-700">
              <span>
                {formatPrice(item.price)} × {item.quantity}
              </span>
              <span className="font-semibold text-slate-900">{formatPrice(itemTotal(item))}</span>
            </p>
          </li>
        ))}
      </ul>
      <table className="hidden w-full text-sm md:table">
        <caption className="sr-only">{caption}</caption>
        <thead className="text-slate-600">
          <tr className="border-b border-slate-200">
            <th scope="col" className="px-3 py-2 text-left font-semibold">
              Product Name
            </th>
            <th scope="col" className="px-3 py-2 text-left font-semibold">
              Category
            </th>
            <th scope="col" className="px-3 py-2 text-right font-semibold">
              Price
            </th>
            <th scope="col" className="px-3 py-2 text-right font-semibold">
              Quantity
            </th>
            <th scope="col" className="px-3 py-2 text-right font-semibold">
              Total
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {items.map((item, index) => (
            <tr key={item.id ?? index}>
              <td className="px-3 py-2 font-medium text-slate-900">{item.product.name}</td>
              <td className="px-3 py-2 text-slate-600">{item.product.category}</td>
              <td className="px-3 py-2 text-right whitespace-nowrap">{formatPrice(item.price)}</td>
              <td className="px-3 py-2 text-right">{item.quantity}</td>
              <td className="px-3 py-2 text-right font-semibold whitespace-nowrap text-slate-900">
                {formatPrice(itemTotal(item))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
