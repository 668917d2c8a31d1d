import type { ReactNode } from 'react';

/** A white panel with an optional heading row, used by dashboard tabs. */
export function Card({
  title,
  actions,
  children,
  className = '',
}: {
  title?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section className={`rounded-2xl border border-slate-200 bg-white shadow-sm ${className}`}>
      {(title || actions) && (
        <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-100 px-5 py-4 sm:px-6">
          {title && <h2 className="text-lg font-semibold text-slate-900">{title}</h2>}
          {actions}
        </div>
      )}
      <div className="px-5 py-5 sm:px-6">{children}</div>
    </section>
  );
}

/** An icon, a sentence and maybe an action: empty states and "coming soon" notes. */
export function EmptyState({ icon, title, children }: { icon: ReactNode; title: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-center px-4 py-10 text-center">
      <span className="flex size-14 items-center justify-center rounded-full bg-slate-100 text-slate-400">{icon}</span>
      <p className="mt-4 font-semibold text-slate-800">{title}</p>
      {children && <div className="mt-2 max-w-sm text-sm leading-relaxed text-slate-500">{children}</div>}
    </div>
  );
}
