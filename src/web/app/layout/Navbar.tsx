import LogIn from 'lucide-react/icons/log-in';
import LogOut from 'lucide-react/icons/log-out';
import Menu from 'lucide-react/icons/menu';
import Search from 'lucide-react/icons/search';
import User from 'lucide-react/icons/user';
import type { ComponentType, ReactNode, SVGProps } from 'react';
import { Link, NavLink } from 'react-router';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { LogoMark } from '../../components/ui/Logo';
import { useT } from '../../lib/i18n';
import { useShopperToken } from '../../lib/session';
import { useLogout } from '../../lib/use-logout';
import { CartButton } from './CartButton';

const iconButton =
  'relative inline-flex size-11 items-center justify-center rounded-lg text-slate-200 transition-colors hover:bg-white/10 hover:text-white';

function Icon({ icon: IconComponent }: { icon: ComponentType<SVGProps<SVGSVGElement>> }) {
  return <IconComponent className="size-[22px]" aria-hidden="true" />;
}

function DesktopLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <NavLink
      to={to}
      end
      className={({ isActive }) =>
        `rounded-md px-3 py-2 text-sm font-medium transition-colors hover:text-white ${isActive ? 'text-amber-400' : 'text-slate-300'}`
      }
    >
      {children}
    </NavLink>
  );
}

export function Navbar({ onOpenMenu, onOpenCart }: { onOpenMenu: () => void; onOpenCart: () => void }) {
  const t = useT();
  const loggedIn = useShopperToken() !== null;
  const logout = useLogout();
  return (
    <header className="on-dark sticky top-0 z-40 bg-slate-900 print:hidden text-white shadow-md shadow-slate-900/10">
      <nav aria-label={t('common.nav.main')} className="mx-auto flex h-14 max-w-7xl items-center gap-1 px-2 sm:h-16 sm:px-4">
        <button type="button" onClick={onOpenMenu} aria-label={t('common.nav.openMenu')} className={iconButton}>
          <Icon icon={Menu} />
        </button>
        <Link to="/" className="ml-1 flex items-center gap-2 rounded-md px-1 py-1 text-xl font-extrabold tracking-tight">
          <LogoMark className="size-8" />
          <span>Pasal</span>
        </Link>
        <div className="ml-6 hidden items-center gap-1 lg:flex">
          <DesktopLink to="/">{t('common.nav.home')}</DesktopLink>
          <DesktopLink to="/products">{t('common.nav.allProducts')}</DesktopLink>
          <DesktopLink to="/about">{t('common.nav.about')}</DesktopLink>
        </div>
        <div className="ml-auto flex items-center">
          <LanguageSwitch className="inline-flex h-11 items-center gap-1.5 rounded-lg px-2 text-sm font-medium text-slate-200 transition-colors hover:bg-white/10 hover:text-white max-sm:px-1.5 max-sm:[&>svg]:hidden" />
          <Link to="/products" aria-label={t('common.nav.products')} title={t('common.nav.products')} className={iconButton}>
            <Icon icon={Search} />
          </Link>
          <CartButton onOpen={onOpenCart} className={iconButton} />
          {loggedIn ? (
            <>
              <Link to="/account" aria-label={t('common.nav.account')} title={t('common.nav.account')} className={iconButton}>
                <Icon icon={User} />
              </Link>
              <button
                type="button"
                onClick={logout}
                aria-label={t('common.nav.logout')}
                title={t('common.nav.logout')}
                className={iconButton}
              >
                <Icon icon={LogOut} />
              </button>
            </>
          ) : (
            <Link to="/login" aria-label={t('common.nav.login')} title={t('common.nav.login')} className={iconButton}>
              <Icon icon={LogIn} />
            </Link>
          )}
        </div>
      </nav>
    </header>
  );
}
