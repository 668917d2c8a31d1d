import X from 'lucide-react/icons/x';
import { type ReactNode, useId, useRef } from 'react';
import { tabbables, useDialogFocus } from '../../../components/ui/dialog-focus';
import { useT } from '../../../lib/i18n';

interface ModalProps {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  footer?: ReactNode;
  /** Width class of the panel. */
  widthClass?: string;
}

/** The first field a keyboard can reach, if there is one. */
const firstField = (panel: HTMLElement) => tabbables(panel).find((element) => element.matches('input, select, textarea'));

/**
 * A modal dialog: focus moves in (to its first field) and stays inside, Escape and the close button
 * close it, focus goes back afterwards (useDialogFocus). A click on the backdrop does not close it,
 * so a half-filled form is not lost. (Not the native <dialog>: its top layer would cover the toasts
 * that report errors from inside.)
 */
export function Modal({ open, onClose, title, children, footer, widthClass = 'max-w-2xl' }: ModalProps) {
  const t = useT();
  const panelRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  useDialogFocus(open, panelRef, onClose, firstField);

  if (!open) return null;
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center p-2 sm:p-6">
      <div aria-hidden="true" className="absolute inset-0 bg-slate-950/60" />
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={`relative flex max-h-full w-full ${widthClass} flex-col overflow-hidden rounded-2xl bg-white text-slate-900 shadow-2xl outline-none`}
      >
        <div className="flex h-14 shrink-0 items-center justify-between border-b border-slate-200 pr-2 pl-5">
          <h2 id={titleId} className="text-lg font-semibold">
            {title}
          </h2>
          <button
            type="button"
            onClick={onClose}
            aria-label={t('admin-catalog.modal.close')}
            className="inline-flex size-11 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-slate-900"
          >
            <X className="size-5" aria-hidden="true" />
          </button>
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-5 py-5">{children}</div>
        {footer && <div className="flex shrink-0 flex-wrap justify-end gap-2 border-t border-slate-200 px-5 py-3">{footer}</div>}
      </div>
    </div>
  );
}
