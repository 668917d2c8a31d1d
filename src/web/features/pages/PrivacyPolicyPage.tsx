import { usePageTitle } from '../../lib/hooks';
import { useLocale, useT } from '../../lib/i18n';
import { useStoreFacts } from '../../lib/store-facts';
import { LegalLayout } from './LegalLayout';
import { PrivacyBodyEn, PrivacyIntroEn } from './legal/PrivacyEn';
import { PrivacyBodyNe, PrivacyIntroNe } from './legal/PrivacyNe';

/**
 * The privacy policy: the frame's texts come from the catalogue, the long body from the page's own
 * code in each language (both in this page's chunk, so the catalogue every page loads stays small).
 */
export default function PrivacyPolicyPage() {
  const t = useT();
  const locale = useLocale();
  usePageTitle(t('pages.privacy.title'));
  const store = useStoreFacts();
  const [Intro, Body] = locale === 'ne' ? [PrivacyIntroNe, PrivacyBodyNe] : [PrivacyIntroEn, PrivacyBodyEn];
  return (
    <LegalLayout title={t('pages.privacy.title')} intro={<Intro storeName={store.name} />}>
      <Body />
    </LegalLayout>
  );
}
