import type { ReactNode } from 'react';
import { localDigits } from '../../../shared/locale';
import { useLocale, useT } from '../../lib/i18n';
import { Msg } from '../../lib/msg';
import { useStoreFacts } from '../../lib/store-facts';

export const EFFECTIVE_DATE = '2024/06/23';

/** Shared frame of the privacy policy and the terms: title, effective date, contents and body. */
export function LegalLayout({ title, intro, children }: { title: string; intro: ReactNode; children: ReactNode }) {
  const t = useT();
  const locale = useLocale();
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-16">
      <header className="border-b border-slate-200 pb-6">
        <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
        <p className="mt-3 text-sm text-slate-500">
          {t('pages.legal.effectiveDate', { date: localDigits(EFFECTIVE_DATE, locale) })}
        </p>
        <div className="mt-5 leading-relaxed text-slate-700">{intro}</div>
      </header>
      <div className="legal mt-8">{children}</div>
    </div>
  );
}

/** The store's contact details, as /api/store gives them. */
export function ContactBlock() {
  const t = useT();
  const store = useStoreFacts();
  const phone = store.phones[0];
  return (
    <ul>
      <li>
        <Msg id="pages.legal.email" values={{ email: store.email }} components={{ 0: <a href={`mailto:${store.email}`} /> }} />
      </li>
      {phone && (
        <li>
          <Msg id="pages.legal.phone" values={{ phone }} components={{ 0: <a href={`tel:${phone.replace(/[^\d+]/g, '')}`} /> }} />
        </li>
      )}
      <li>{t('pages.legal.address', { address: store.address })}</li>
    </ul>
  );
}
