import ChevronLeft from 'lucide-react/icons/chevron-left';
import ChevronRight from 'lucide-react/icons/chevron-right';
import { Button } from '../../../components/ui/Button';

/**
 * The foot of an admin list read page by page (orders, activity): which rows are shown, of how
 * many, and Previous / Next. Texts come in the caller's words and language.
 */
export function ListPager({
  label,
  range,
  pageOf,
  previous,
  next,
  hasPrevious,
  hasNext,
  onPrevious,
  onNext,
}: {
  label: string;
  range: string;
  pageOf: string;
  previous: string;
  next: string;
  hasPrevious: boolean;
  hasNext: boolean;
  onPrevious: () => void;
  onNext: () => void;
}) {
  return (
    <nav aria-label={label} className="mt-5 flex flex-wrap items-center justify-between gap-3 border-t border-slate-100 pt-4">
      <p className="text-sm text-slate-600" aria-live="polite">
        {range}
      </p>
      <div className="flex items-center gap-2">
        <Button variant="outline" size="sm" disabled={!hasPrevious} onClick={onPrevious}>
          <ChevronLeft className="size-4" aria-hidden="true" />
          {previous}
        </Button>
        <span className="text-sm text-slate-600">{pageOf}</span>
        <Button variant="outline" size="sm" disabled={!hasNext} onClick={onNext}>
          {next}
          <ChevronRight className="size-4" aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}
