import { Button } from './Button';
import { Spinner } from './Spinner';

/** A list on its way: a spinner and a line saying what loads, announced as a status. */
export function ListLoading({ label }: { label: string }) {
  return (
    <p role="status" className="flex items-center justify-center gap-2 py-10 text-slate-500">
      <Spinner className="size-5 text-amber-500" />
      {label}
    </p>
  );
}

/** A list that could not be loaded: what went wrong, announced at once, and a way to ask again. */
export function ListLoadFailed({
  text,
  retryLabel,
  onRetry,
  retrying,
}: {
  text: string;
  retryLabel: string;
  onRetry: () => void;
  retrying: boolean;
}) {
  return (
    <div className="flex flex-col items-center gap-3 py-10 text-center">
      <p role="alert" className="font-medium text-red-600">
        {text}
      </p>
      <Button variant="outline" size="sm" onClick={onRetry} loading={retrying}>
        {retryLabel}
      </Button>
    </div>
  );
}
