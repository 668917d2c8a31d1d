import Languages from 'lucide-react/icons/languages';
import { useState } from 'react';
import { LANGUAGE_NAMES, type Locale } from '../../shared/locale';
import { apiPut } from '../lib/api';
import { switchLocale, useLocale, useT } from '../lib/i18n';
import { getToken } from '../lib/session';

/**
 * The language switch of the header and the menu: names the other language in its own script
 * ("नेपाली" on English pages, "English" on Nepali ones). The choice is remembered in the browser
 * (lib/i18n.tsx switchLocale) and, for a logged-in shopper, on the account, so mails come in it too.
 */
export function LanguageSwitch({ className, onSwitched }: { className: string; onSwitched?: () => void }) {
  const t = useT();
  const locale = useLocale();
  const [busy, setBusy] = useState(false);
  const other: Locale = locale === 'ne' ? 'en' : 'ne';

  const onClick = async () => {
    setBusy(true);
    try {
      await switchLocale(other);
      // The account's language is a convenience (mails): a failure here leaves the page switched.
      // The session as it is now: a tap during hydration runs this with the server's render (no session).
      if (getToken('user') !== null)
        await apiPut('/api/users/language', { language: other }, { auth: 'user' }).catch(() => undefined);
      onSwitched?.();
    } finally {
      setBusy(false);
    }
  };

  return (
    <button
      type="button"
      onClick={onClick}
      disabled={busy}
      aria-label={t('common.language.switch', { language: LANGUAGE_NAMES[other] })}
      className={className}
    >
      <Languages className="size-5 shrink-0" aria-hidden="true" />
      <span lang={other}>{LANGUAGE_NAMES[other]}</span>
    </button>
  );
}
