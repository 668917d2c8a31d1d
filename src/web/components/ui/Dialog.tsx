import X from 'lucide-react/icons/x';
import { type ReactNode, useId, useRef } from 'react';
import { tabbables, useDialogFocus } from './dialog-focus';

interface DialogProps {
  open: boolean;
  onClose: () => void;
  /** Text, or text with markup (an order id kept on one line). */
  title: ReactNode;
  /** A short line under the title that screen readers read with it (aria-describedby). */
  description?: ReactNode;
  /** The close button's name, in the page's language (this component knows no message ids: any part may use it). */
  closeLabel: string;
  children: ReactNode;
  footer?: ReactNode;
}

/** The first field a keyboard can reach, if there is one. */
const firstField = (panel: HTMLElement) => tabbables(panel).find((element) => element.matches('input, select, textarea'));

/**
 * A small modal dialog for a question with a form (a cancellation's reason): focus moves in, to
 * its first field, and stays inside; Escape and the close button close it; focus goes back to the
 * button that opened it (useDialogFocus). A click on the backdrop does not close it, so a
 * half-written reason is not lost. On a phone it sits at the bottom, within the thumb's reach.
 */
export function Dialog({ open, onClose, title, description, closeLabel, children, footer }: DialogProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  useDialogFocus(open, panelRef, onClose, firstField);

  if (!open) return null;
  return (
    <div className="fixed inset-0 z-50 flex items-end justify-center sm:items-center sm:p-6">
      <div aria-hidden="true" className="absolute inset-0 bg-slate-950/60" />
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        className="relative flex max-h-[92dvh] w-full max-w-md flex-col overflow-hidden rounded-t-2xl bg-white text-slate-900 shadow-2xl outline-none sm:rounded-2xl"
      >
        <div className="flex shrink-0 items-start justify-between gap-2 border-b border-slate-200 py-3 pr-2 pl-5">
          <div className="min-w-0 pt-1.5">
            <h2 id={titleId} className="text-lg leading-snug font-semibold break-words">
              {title}
            </h2>
            {description && (
              <p id={descriptionId} className="mt-0.5 text-sm text-slate-600">
                {description}
              </p>
            )}
          </div>
          <button
            type="button"
            onClick={onClose}
            aria-label={closeLabel}
            className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-slate-900"
          >
            <X className="size-5" aria-hidden="true" />
          </button>
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-5 py-4">{children}</div>
        {footer && <div className="flex shrink-0 flex-wrap justify-end gap-2 border-t border-slate-200 px-5 py-3">{footer}</div>}
      </div>
    </div>
  );
}
