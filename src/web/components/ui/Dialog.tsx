import X from 'lucide-react/icons/x';
import { type ReactNode, useId, useRef } from 'react';
import { tabbables, useDialogFocus } from './dialog-focus';

/**
 * How the dialog sits: `sheet`, a short question (a cancellation's reason) at the bottom of a phone's
 * screen, within the thumb's reach, and its title free to wrap; `panel`, a form (a product, an import)
 * in the middle of every screen, as wide as `widthClass`, under a title on one line.
 */
type Layout = 'sheet' | 'panel';

const LAYOUTS = {
  sheet: {
    backdrop: 'items-end justify-center sm:items-center sm:p-6',
    panel: 'max-h-[92dvh] max-w-md rounded-t-2xl sm:rounded-2xl',
    header: 'items-start gap-2 py-3',
    heading: 'min-w-0 pt-1.5',
    title: 'text-lg leading-snug font-semibold break-words',
    close: 'shrink-0',
    body: 'py-4',
  },
  panel: {
    backdrop: 'items-center justify-center p-2 sm:p-6',
    panel: 'max-h-full rounded-2xl',
    header: 'h-14 items-center',
    heading: '',
    title: 'text-lg font-semibold',
    close: '',
    body: 'py-5',
  },
} as const satisfies Record<Layout, Record<string, string>>;

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
  layout?: Layout;
  /** The panel's width class ('max-w-2xl'); a sheet is always narrow. */
  widthClass?: string;
}

/** The first field a keyboard can reach, if there is one. */
const firstField = (panel: HTMLElement) => tabbables(panel).find((element) => element.matches('input, select, textarea'));

/**
 * The shop's modal dialog: focus moves in, to its first field, and stays inside; Escape and the
 * close button close it; focus goes back to the button that opened it (useDialogFocus). A click on
 * the backdrop does not close it, so a half-written reason or a half-filled form is not lost. (Not
 * the native <dialog>: its top layer would cover the toasts that report errors from inside.)
 */
export function Dialog({
  open,
  onClose,
  title,
  description,
  closeLabel,
  children,
  footer,
  layout = 'sheet',
  widthClass = 'max-w-2xl',
}: DialogProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  useDialogFocus(open, panelRef, onClose, firstField);

  if (!open) return null;
  const look = LAYOUTS[layout];
  return (
    <div className={`fixed inset-0 z-50 flex ${look.backdrop}`}>
      <div aria-hidden="true" className="absolute inset-0 bg-slate-950/60" />
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        className={`relative flex w-full ${look.panel} ${layout === 'panel' ? widthClass : ''} flex-col overflow-hidden bg-white text-slate-900 shadow-2xl outline-none`}
      >
        <div className={`flex shrink-0 ${look.header} justify-between border-b border-slate-200 pr-2 pl-5`}>
          <div className={look.heading}>
            <h2 id={titleId} className={look.title}>
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
            className={`inline-flex size-11 ${look.close} items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-slate-900`}
          >
            <X className="size-5" aria-hidden="true" />
          </button>
        </div>
        <div className={`min-h-0 flex-1 overflow-y-auto overscroll-contain px-5 ${look.body}`}>{children}</div>
        {footer && <div className="flex shrink-0 flex-wrap justify-end gap-2 border-t border-slate-200 px-5 py-3">{footer}</div>}
      </div>
    </div>
  );
}
