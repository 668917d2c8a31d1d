import Star from 'lucide-react/icons/star';

/**
 * Five stars filled to a rating (halves and tenths shown by a clipped overlay), for cards, the
 * product page and the admin's list. Decorative: the caller gives the words ("Rated 4.3 out of 5")
 * beside them or as the label of what holds them.
 */
export function Stars({ value, className = 'size-4' }: { value: number; className?: string }) {
  const percent = Math.max(0, Math.min(100, (value / 5) * 100));
  const row = (filled: boolean) =>
    [0, 1, 2, 3, 4].map((i) => (
      <Star
        key={i}
        className={`${className} shrink-0`}
        fill={filled ? 'currentColor' : 'none'}
        strokeWidth={1.5}
        aria-hidden="true"
      />
    ));
  return (
    <span className="relative inline-flex w-fit shrink-0 align-middle" aria-hidden="true">
      <span className="inline-flex text-slate-400">{row(false)}</span>
      <span className="absolute inset-y-0 left-0 inline-flex overflow-hidden text-amber-500" style={{ width: `${percent}%` }}>
        {row(true)}
      </span>
    </span>
  );
}
