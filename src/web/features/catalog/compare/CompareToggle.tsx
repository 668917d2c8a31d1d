import Square from 'lucide-react/icons/square';
import SquareCheck from 'lucide-react/icons/square-check';
import { useT } from '../../../lib/i18n';

interface CompareToggleProps {
  name: string;
  pressed: boolean;
  onToggle: () => void;
  /** 'card': a round icon on the card's image (under the heart where there is one), so a phone's card stays compact; 'page': a button beside the product page's buttons. */
  size?: 'card' | 'page';
  /** On a card: whether the like heart takes the image's top corner, so this sits under it rather than leave a gap. */
  belowLike?: boolean;
}

/**
 * 'Compare' on a product card and on the product page: a toggle button (aria-pressed) whose box is
 * ticked while the product is on the device's list, so its state shows in shape, not colour alone.
 */
export function CompareToggle({ name, pressed, onToggle, size = 'card', belowLike = false }: CompareToggleProps) {
  const t = useT();
  const Icon = pressed ? SquareCheck : Square;
  const label = t('compare.toggle.label', { name });
  if (size === 'card') {
    return (
      <button
        type="button"
        aria-pressed={pressed}
        aria-label={label}
        title={t('compare.toggle')}
        onClick={onToggle}
        className={`absolute right-1.5 inline-flex size-9 items-center justify-center rounded-full shadow-sm transition-colors sm:right-2 sm:size-10 ${belowLike ? 'top-12 sm:top-14' : 'top-1.5 sm:top-2'} ${pressed ? 'bg-amber-100 text-amber-900 hover:bg-amber-200' : 'bg-white/90 text-slate-600 hover:bg-white hover:text-slate-800'}`}
      >
        <Icon className="size-5" aria-hidden="true" />
      </button>
    );
  }
  const state = pressed
    ? 'border-amber-400 bg-amber-50 text-amber-900 hover:bg-amber-100'
    : 'border-slate-300 text-slate-700 hover:bg-slate-50 hover:text-slate-900';
  return (
    <button
      type="button"
      aria-pressed={pressed}
      aria-label={label}
      onClick={onToggle}
      className={`inline-flex h-12 items-center gap-2 rounded-lg border px-4 text-base font-semibold transition-colors ${state}`}
    >
      <Icon className="size-5" aria-hidden="true" />
      {t('compare.toggle')}
    </button>
  );
}
