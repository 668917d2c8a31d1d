import type { ReactNode } from 'react';
import { useStoreFacts } from '../../lib/store-facts';

export const EFFECTIVE_DATE = '2024/06/23';

/** Shared frame of the privacy policy and the terms: title, effective date, contents and body. */
export function LegalLayout({ title, intro, children }: { title: string; intro: ReactNode; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-16">
      <header className="border-b border-slate-200 pb-6">
        <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
        <p className="mt-3 text-sm text-slate-500">Effective date: {EFFECTIVE_DATE}</p>
        <div className="mt-5 leading-relaxed text-slate-700">{intro}</div>
      </header>
      <div className="legal mt-8">{children}</div>
    </div>
  );
}

/** The store's contact details, as /api/store gives them. */
export function ContactBlock() {
  const store = useStoreFacts();
  const phone = store.phones[0];
  return (
    <ul>
      <li>
        Email: <a href={`mailto:${store.email}`}>{store.email}</a>
      </li>
      {phone && (
        <li>
          Phone: <a href={`tel:${phone.replace(/[^\d+]/g, '')}`}>{phone}</a>
        </li>
      )}
      <li>Address: {store.address}</li>
    </ul>
  );
}
