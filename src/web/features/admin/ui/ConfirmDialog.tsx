import TriangleAlert from 'lucide-react/icons/triangle-alert';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { useDialogFocus } from '../../../components/ui/dialog-focus';
import { useT } from '../../../lib/i18n';

/**
 * A click that lands within this long after the dialog opened is the second half of the click that
 * opened it (a double click on Delete), not a decision: the confirm button is disabled until then.
 */
const SETTLE_MS = 500;

interface ConfirmDialogProps {
  open: boolean;
  /** The question, naming the thing: 'Archive “Curved 27”?'. */
  title: string;
  /** What will happen, in a sentence or two. */
  children: ReactNode;
  /** The destructive button's text, saying what it does ('Archive product'). */
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** The action is under way: the confirm button spins, nothing else can be pressed. */
  pending?: boolean;
}

/**
 * Asks once before a destructive admin action. An alert dialog: focus goes to Cancel (the
 * safe answer, so Enter or a stray second click keeps things as they are), Tab stays inside,
 * Escape cancels, focus returns to the button that opened it. The backdrop does nothing: a double
 * click's second half must not decide either way. Not the native <dialog> (its top layer would hide
 * the toasts that report the outcome).
 */
export function ConfirmDialog({ open, title, children, confirmLabel, onConfirm, onCancel, pending = false }: ConfirmDialogProps) {
  const t = useT();
  const panelRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const bodyId = useId();
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    if (!open) return;
    const timer = window.setTimeout(() => setSettled(true), SETTLE_MS);
    return () => {
      window.clearTimeout(timer);
      setSettled(false);
    };
  }, [open]);
  useDialogFocus(
    open,
    panelRef,
    () => {
      if (!pending) onCancel();
    },
    (panel) => panel.querySelector<HTMLElement>('[data-safe-choice]'),
  );

  if (!open) return null;
  return (
    <div className="fixed inset-0 z-50 flex items-end justify-center p-3 sm:items-center sm:p-6">
      {/* A press on the backdrop (a double click's second half) must not take focus off the safe button. */}
      <div aria-hidden="true" className="absolute inset-0 bg-slate-950/60" onMouseDown={(event) => event.preventDefault()} />
      <div
        ref={panelRef}
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={bodyId}
        tabIndex={-1}
        className="relative w-full max-w-md rounded-2xl bg-white p-5 text-slate-900 shadow-2xl outline-none sm:p-6"
      >
        <div className="flex gap-4">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-red-100 text-red-600">
            <TriangleAlert className="size-5" aria-hidden="true" />
          </span>
          <div className="min-w-0">
            <h2 id={titleId} className="text-lg font-semibold wrap-anywhere">
              {title}
            </h2>
            <div id={bodyId} className="mt-2 text-sm text-slate-600">
              {children}
            </div>
          </div>
        </div>
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button data-safe-choice variant="outline" onClick={onCancel} disabled={pending}>
            {t('admin.confirm.cancel')}
          </Button>
          <Button variant="danger" loading={pending} disabled={!settled} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </div>
      </div>
    </div>
  );
}
