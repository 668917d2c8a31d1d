import ShoppingCart from 'lucide-react/icons/shopping-cart';
import type { ReactNode } from 'react';

/** The cart drawer's one message in place of the lines (logged out, empty, failed to load) with what to do next. */
export function CartMessage({ text, action }: { text: string; action?: ReactNode }) {
  return (
    <div className="flex h-full flex-col items-center justify-center gap-4 px-6 py-16 text-center">
      <span className="flex size-16 items-center justify-center rounded-full bg-slate-100 text-slate-400">
        <ShoppingCart className="size-8" aria-hidden="true" />
      </span>
      <p className="text-base font-medium text-slate-700">{text}</p>
      {action}
    </div>
  );
}
