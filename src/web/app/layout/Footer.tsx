import Clock from 'lucide-react/icons/clock';
import Mail from 'lucide-react/icons/mail';
import MapPin from 'lucide-react/icons/map-pin';
import MessageCircle from 'lucide-react/icons/message-circle';
import Phone from 'lucide-react/icons/phone';
import { type ReactNode, useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { localDigits } from '../../../shared/locale';
import { ChatLinks } from '../../components/StoreContact';
import { LogoMark } from '../../components/ui/Logo';
import { productsUrl } from '../../lib/format';
import { useLocale, useT } from '../../lib/i18n';
import { chatNumber } from '../../lib/store-contact';
import { useStoreFacts } from '../../lib/store-facts';
import { FacebookIcon, InstagramIcon, YoutubeIcon } from './SocialIcons';

const linkColors = 'text-sm text-slate-400 transition-colors hover:text-amber-400';
const linkClasses = `inline-block py-1 ${linkColors}`;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section>
      <h2 className="mb-3 text-sm font-semibold tracking-wider text-white uppercase">{title}</h2>
      <ul className="space-y-1.5">{children}</ul>
    </section>
  );
}

function FooterLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <li>
      <Link to={to} className={linkClasses}>
        {children}
      </Link>
    </li>
  );
}

const social = [
  { name: 'Facebook', href: 'https://www.facebook.com/', icon: <FacebookIcon /> },
  { name: 'Instagram', href: 'https://www.instagram.com/', icon: <InstagramIcon /> },
  { name: 'YouTube', href: 'https://www.youtube.com/', icon: <YoutubeIcon /> },
];

/**
 * An email that may wrap only after its @ (a phone's narrow column cannot hold it whole):
 * 'support@' / 'pasal.com.np', never 'support@pasal.co' / 'm.np'. Only a part too long for a line
 * on its own is broken inside (break-words).
 */
function WrappableEmail({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  return (
    <span className="min-w-0 break-words">
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </span>
  );
}

const noChanges = () => () => undefined;

/**
 * The current year, read in the browser only: the server's clock and time zone are not the
 * shopper's, and server-rendered pages are kept (ADR 0007). The server's render and hydration show
 * none; the browser fills it in at once after.
 */
function useYear(): number | null {
  return useSyncExternalStore(
    noChanges,
    () => new Date().getFullYear(),
    () => null,
  );
}

export function Footer() {
  const t = useT();
  const locale = useLocale();
  const store = useStoreFacts();
  const year = useYear();
  const mobile = chatNumber(store.phones);
  return (
    // Below the fold on every first paint (the main area fills the screen): with content-visibility
    // the browser lays it out and paints it only when it nears the screen, not before the first paint.
    <footer className="on-dark bg-slate-950 text-slate-300 print:hidden [contain-intrinsic-size:auto_720px] [content-visibility:auto]">
      <div className="mx-auto max-w-7xl px-4 pt-12 pb-8 sm:px-6">
        <div className="flex flex-col gap-6 border-b border-slate-800 pb-8 md:flex-row md:items-center md:justify-between">
          <div className="max-w-md">
            <Link to="/" className="inline-flex items-center gap-2 text-xl font-extrabold text-white">
              <LogoMark className="size-8" />
              {store.name}
            </Link>
            <p className="mt-3 text-sm leading-relaxed text-slate-400">{t('common.footer.tagline')}</p>
          </div>
          <ul className="flex gap-3" aria-label={t('common.footer.social')}>
            {social.map((network) => (
              <li key={network.name}>
                <a
                  href={network.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={t('common.footer.socialLink', { shop: store.name, network: network.name })}
                  className="flex size-11 items-center justify-center rounded-full bg-slate-800 text-slate-300 transition-colors hover:bg-amber-500 hover:text-slate-950"
                >
                  {network.icon}
                </a>
              </li>
            ))}
          </ul>
        </div>

        <div className="grid grid-cols-2 gap-x-6 gap-y-10 py-10 lg:grid-cols-4">
          <Section title={t('common.footer.shop')}>
            <FooterLink to="/products">{t('common.nav.allProducts')}</FooterLink>
            <FooterLink to={productsUrl({ category: 'Laptops' })}>{t('common.category.laptops')}</FooterLink>
            <FooterLink to={productsUrl({ category: 'Gaming' })}>{t('common.category.gaming')}</FooterLink>
            <FooterLink to={productsUrl({ category: 'Accessories' })}>{t('common.category.accessories')}</FooterLink>
          </Section>
          <Section title={t('common.footer.information')}>
            <FooterLink to="/about">{t('common.nav.about')}</FooterLink>
            <FooterLink to="/terms-and-conditions">{t('common.footer.terms')}</FooterLink>
            <FooterLink to="/privacy-policy">{t('common.footer.privacy')}</FooterLink>
            <FooterLink to="/terms-and-conditions#returns">{t('common.footer.returns')}</FooterLink>
          </Section>
          <Section title={t('common.footer.quickLinks')}>
            <FooterLink to="/">{t('common.nav.home')}</FooterLink>
            <FooterLink to="/account">{t('common.footer.myAccount')}</FooterLink>
            <FooterLink to="/register">{t('common.footer.register')}</FooterLink>
            <FooterLink to="/login">{t('common.footer.signIn')}</FooterLink>
          </Section>
          <section>
            <h2 className="mb-3 text-sm font-semibold tracking-wider text-white uppercase">{t('common.footer.contact')}</h2>
            <ul className="space-y-2 text-sm">
              <li>
                <a href={`mailto:${store.email}`} className={`${linkColors} flex items-center gap-2 py-1`}>
                  <Mail className="size-4 shrink-0" aria-hidden="true" />
                  <WrappableEmail email={store.email} />
                </a>
              </li>
              {store.phones.map((phone) => (
                <li key={phone}>
                  <a href={`tel:${phone.replace(/[^\d+]/g, '')}`} className={`${linkColors} flex items-center gap-2 py-1`}>
                    <Phone className="size-4 shrink-0" aria-hidden="true" />
                    {phone}
                  </a>
                </li>
              ))}
              {mobile && (
                <li className="flex flex-wrap items-center gap-x-2 text-slate-400">
                  <MessageCircle className="size-4 shrink-0" aria-hidden="true" />
                  <ChatLinks phone={mobile} shop={store.name} linkClassName={linkClasses} />
                </li>
              )}
              <li className="flex items-start gap-2 py-1 text-slate-400">
                <MapPin className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                {store.address}
              </li>
              {store.hours && (
                <li className="flex items-start gap-2 py-1 text-slate-400">
                  <Clock className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                  {t('common.footer.hours', { hours: store.hours })}
                </li>
              )}
              {store.pan && <li className="py-1 pl-6 text-slate-400">{t('common.footer.pan', { pan: store.pan })}</li>}
              {store.ecommerceRegistration && (
                <li className="py-1 pl-6 text-slate-400" data-testid="ecommerce-registration">
                  {t('common.footer.ecommerceRegistration', { number: store.ecommerceRegistration })}
                </li>
              )}
              <li>
                <a href="#" className={linkClasses}>
                  {t('common.footer.help')}
                </a>
              </li>
            </ul>
          </section>
        </div>

        <p className="border-t border-slate-800 pt-6 text-center text-xs text-slate-400">
          {t('common.footer.copyright', { year: year === null ? '' : `${localDigits(String(year), locale)} `, shop: store.name })}
        </p>
      </div>
    </footer>
  );
}
