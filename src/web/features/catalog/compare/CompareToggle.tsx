import Square from 'lucide-react/icons/square';
import SquareCheck from 'lucide-react/icons/square-check';
import { useT } from '../../../lib/i18n';

interface CompareToggleProps {
  name: string;
  pressed: boolean;
  onToggle: () => void;
  /** 'card': a small line under a card's button; 'page': beside the product page's buttons. */
  size?: 'card' | 'page';
}

/**
 * 'Compare' on a product card and on the product page: a toggle button (aria-pressed) whose box is
 * ticked while the product is on the device's list, so its state shows in shape, not colour alone.
 */
export function CompareToggle({ name, pressed, onToggle, size = 'card' }: CompareToggleProps) {
  const t = useT();
  const Icon = pressed ? SquareCheck : Square;
  const look =
    size === 'card'
      ? 'mt-1 h-8 w-full justify-center gap-1.5 rounded-lg text-xs sm:mt-1.5 sm:text-sm'
      : 'h-12 gap-2 rounded-lg border px-4 text-base';
  const state = pressed
    ? 'border-amber-400 bg-amber-50 text-amber-900 hover:bg-amber-100'
    : 'border-slate-300 text-slate-700 hover:bg-slate-50 hover:text-slate-900';
  return (
    <button
      type="button"
      aria-pressed={pressed}
      aria-label={t('compare.toggle.label', { name })}
      onClick={onToggle}
      className={`inline-flex items-center font-semibold transition-colors ${look} ${size === 'card' ? 'border' : ''} ${state}`}
    >
      <Icon className={size === 'card' ? 'size-4' : 'size-5'} aria-hidden="true" />
      {t('compare.toggle')}
    </button>
  );
}
