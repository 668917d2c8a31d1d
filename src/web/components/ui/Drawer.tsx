import X from 'lucide-react/icons/x';
import { type ReactNode, useId, useRef } from 'react';
import { useDialogFocus } from './dialog-focus';

interface DrawerProps {
  open: boolean;
  onClose: () => void;
  side: 'left' | 'right';
  title: ReactNode;
  /** Accessible name of the close button, e.g. 'Close menu'. */
  closeLabel: string;
  /** Width classes of the panel, e.g. 'w-[300px] max-w-[85vw]'. */
  widthClass: string;
  /** data-testid of the overlay, for tests that close the drawer by clicking it. */
  overlayTestId?: string;
  children: ReactNode;
  footer?: ReactNode;
}

/**
 * A slide-out panel: closes on the overlay, on Escape and on its close button; keeps focus inside
 * while open and gives it back afterwards (useDialogFocus). Closed, it stays in the page (so it can
 * slide) but is hidden and inert.
 */
export function Drawer({ open, onClose, side, title, closeLabel, widthClass, overlayTestId, children, footer }: DrawerProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  useDialogFocus(open, panelRef, onClose);

  const hiddenOffset = side === 'left' ? '-translate-x-full' : 'translate-x-full';
  return (
    <div
      className={`fixed inset-0 z-50 print:hidden ${open ? 'visible' : 'pointer-events-none invisible transition-[visibility] duration-300'}`}
      inert={!open}
    >
      <div
        data-testid={overlayTestId}
        aria-hidden="true"
        onClick={onClose}
        className={`absolute inset-0 bg-slate-950/60 transition-opacity duration-300 motion-reduce:transition-none ${open ? 'opacity-100' : 'opacity-0'}`}
      />
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={`absolute inset-y-0 ${side === 'left' ? 'left-0' : 'right-0'} flex ${widthClass} flex-col bg-white shadow-2xl transition-transform duration-300 ease-out outline-none motion-reduce:transition-none ${open ? 'translate-x-0' : hiddenOffset}`}
      >
        <div className="flex h-14 shrink-0 items-center justify-between border-b border-slate-200 pr-2 pl-4 sm:h-16">
          <h2 id={titleId} className="text-lg font-semibold text-slate-900">
            {title}
          </h2>
          <button
            type="button"
            onClick={onClose}
            aria-label={closeLabel}
            className="inline-flex size-11 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-slate-900"
          >
            <X className="size-5" aria-hidden="true" />
          </button>
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain">{children}</div>
        {footer && <div className="shrink-0 border-t border-slate-200 p-4">{footer}</div>}
      </div>
    </div>
  );
}
