import { usePageTitle } from '../../lib/hooks';
import { useLocale, useT } from '../../lib/i18n';
import { useStoreFacts } from '../../lib/store-facts';
import { LegalLayout } from './LegalLayout';
import { TermsBodyEn, TermsIntroEn } from './legal/TermsEn';
import { TermsBodyNe, TermsIntroNe } from './legal/TermsNe';

/**
 * The terms: the frame's texts come from the catalogue, the long body from the page's own code in
 * each language (both in this page's chunk, so the catalogue every page loads stays small).
 */
export default function TermsPage() {
  const t = useT();
  const locale = useLocale();
  usePageTitle(t('pages.terms.title'));
  const store = useStoreFacts();
  const [Intro, Body] = locale === 'ne' ? [TermsIntroNe, TermsBodyNe] : [TermsIntroEn, TermsBodyEn];
  return (
    <LegalLayout title={t('pages.terms.title')} intro={<Intro storeName={store.name} />}>
      <Body storeName={store.name} />
    </LegalLayout>
  );
}
