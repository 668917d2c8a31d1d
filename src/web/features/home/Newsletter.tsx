import MailCheck from 'lucide-react/icons/mail-check';
import { type FormEvent, useEffect, useState } from 'react';
import { useT } from '../../lib/i18n';

export const NEWSLETTER_THANKS_MS = 3000;

/** Nothing is sent anywhere; a thank-you shows for 3 s, then hides and the field clears. */
export function Newsletter() {
  const t = useT();
  const [email, setEmail] = useState('');
  const [thanked, setThanked] = useState(false);

  useEffect(() => {
    if (!thanked) return;
    const timer = window.setTimeout(() => {
      setThanked(false);
      setEmail('');
    }, NEWSLETTER_THANKS_MS);
    return () => window.clearTimeout(timer);
  }, [thanked]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (email.trim()) setThanked(true);
  };

  return (
    <section aria-labelledby="newsletter-heading" className="on-dark bg-slate-900 py-14 sm:py-16">
      <div className="mx-auto max-w-3xl px-4 text-center sm:px-6">
        <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-amber-500/15 text-amber-400">
          <MailCheck className="size-6" aria-hidden="true" />
        </span>
        <h2 id="newsletter-heading" className="mt-4 text-2xl font-bold tracking-tight text-white sm:text-3xl">
          {t('home.newsletter.heading')}
        </h2>
        <p className="mt-3 text-slate-300">{t('home.newsletter.text')}</p>
        <form onSubmit={submit} className="mx-auto mt-8 flex max-w-lg flex-col gap-3 sm:flex-row">
          <label htmlFor="newsletter-email" className="sr-only">
            {t('home.newsletter.label')}
          </label>
          <input
            id="newsletter-email"
            type="email"
            required
            autoComplete="email"
            placeholder={t('home.newsletter.placeholder')}
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            className="h-12 w-full min-w-0 rounded-lg sm:flex-1 border border-slate-500 bg-slate-800 px-4 text-base text-white placeholder:text-slate-400 focus-visible:border-focus-on-dark"
          />
          <button
            type="submit"
            className="h-12 rounded-lg bg-amber-500 px-6 font-semibold text-slate-950 transition-colors hover:bg-amber-400 active:bg-amber-600"
          >
            {t('home.newsletter.submit')}
          </button>
        </form>
        <p role="status" className="mt-4 min-h-6 text-sm font-medium text-emerald-400">
          {thanked ? t('home.newsletter.thanks') : ''}
        </p>
      </div>
    </section>
  );
}
