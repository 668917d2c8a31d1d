import ChevronDown from 'lucide-react/icons/chevron-down';
import House from 'lucide-react/icons/house';
import Info from 'lucide-react/icons/info';
import LogIn from 'lucide-react/icons/log-in';
import LogOut from 'lucide-react/icons/log-out';
import Package from 'lucide-react/icons/package';
import ShoppingCart from 'lucide-react/icons/shopping-cart';
import User from 'lucide-react/icons/user';
import { type ComponentType, type ReactNode, type SVGProps, useId, useState } from 'react';
import { type Location, NavLink, useLocation } from 'react-router';
import { localName } from '../../../shared/category-names';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { Drawer } from '../../components/ui/Drawer';
import { useCategories } from '../../lib/categories';
import { productsUrl } from '../../lib/format';
import { useLocale, useT } from '../../lib/i18n';
import { useShopperToken } from '../../lib/session';
import { useLogout } from '../../lib/use-logout';

type IconType = ComponentType<SVGProps<SVGSVGElement>>;

const itemClasses =
  'flex min-h-12 w-full items-center gap-3 rounded-lg px-3 text-left text-[15px] font-medium text-slate-700 transition-colors hover:bg-slate-100 hover:text-slate-950';

function ItemIcon({ icon: IconComponent }: { icon: IconType }) {
  return <IconComponent className="size-5 shrink-0 text-slate-400" aria-hidden="true" />;
}

function MenuLink({
  to,
  icon,
  onNavigate,
  current,
  children,
}: {
  to: string;
  icon: IconType;
  onNavigate: () => void;
  /** Whether this is the page shown, where its path alone cannot tell (the account's tabs). */
  current?: (location: Location) => boolean;
  children: ReactNode;
}) {
  const location = useLocation();
  return (
    <NavLink
      to={to}
      end
      onClick={onNavigate}
      className={({ isActive }) =>
        `${itemClasses} ${(current ? current(location) : isActive) ? 'bg-amber-50 text-slate-950' : ''}`
      }
    >
      <ItemIcon icon={icon} />
      {children}
    </NavLink>
  );
}

/** On the account page, on its Orders tab (`orders`) or on another. */
const onAccountTab = (location: Location, orders: boolean) =>
  location.pathname === '/account' && (new URLSearchParams(location.search).get('tab') === 'orders') === orders;

export function MenuDrawer({ open, onClose, onOpenCart }: { open: boolean; onClose: () => void; onOpenCart: () => void }) {
  const t = useT();
  const locale = useLocale();
  const loggedIn = useShopperToken() !== null;
  const logout = useLogout();
  const [productsOpen, setProductsOpen] = useState(false);
  // The tree is only needed once the menu has been opened: no request on a plain page view.
  const [wanted, setWanted] = useState(false);
  if (open && !wanted) setWanted(true);
  const categories = useCategories(wanted);
  const listId = useId();

  return (
    <Drawer
      open={open}
      onClose={onClose}
      side="left"
      title={t('common.menu.title')}
      closeLabel={t('common.menu.close')}
      widthClass="w-[300px] max-w-[85vw]"
      overlayTestId="menu-overlay"
    >
      <nav aria-label={t('common.menu.title')} className="p-3">
        <ul className="space-y-1">
          <li>
            <MenuLink to="/" icon={House} onNavigate={onClose}>
              {t('common.nav.home')}
            </MenuLink>
          </li>
          <li>
            <button
              type="button"
              className={itemClasses}
              aria-expanded={productsOpen}
              aria-controls={listId}
              onClick={() => setProductsOpen((v) => !v)}
            >
              <ItemIcon icon={Package} />
              <span className="flex-1">{t('common.nav.products')}</span>
              <ChevronDown
                className={`size-4 text-slate-400 transition-transform ${productsOpen ? 'rotate-180' : ''}`}
                aria-hidden="true"
              />
            </button>
            <ul id={listId} hidden={!productsOpen} className="mt-1 mb-2 ml-6 space-y-0.5 border-l border-slate-200 pl-3">
              <li>
                <NavLink
                  to="/products"
                  onClick={onClose}
                  className="flex min-h-10 items-center rounded-md px-3 text-sm text-slate-600 hover:bg-slate-100 hover:text-slate-950"
                >
                  {t('common.nav.allProducts')}
                </NavLink>
              </li>
              {(categories.data ?? []).map((category) => (
                <li key={category.id}>
                  <NavLink
                    to={productsUrl({ category: category.name })}
                    onClick={onClose}
                    className="flex min-h-10 items-center rounded-md px-3 text-sm text-slate-600 hover:bg-slate-100 hover:text-slate-950"
                  >
                    {localName(category, locale)}
                  </NavLink>
                </li>
              ))}
            </ul>
          </li>
          <li>
            <MenuLink to="/about" icon={Info} onNavigate={onClose}>
              {t('common.nav.about')}
            </MenuLink>
          </li>
          <li>
            <button
              type="button"
              className={itemClasses}
              onClick={() => {
                onClose();
                onOpenCart();
              }}
            >
              <ItemIcon icon={ShoppingCart} />
              {t('common.nav.cart')}
            </button>
          </li>
        </ul>
        <ul className="mt-3 space-y-1 border-t border-slate-200 pt-3">
          {loggedIn ? (
            <>
              <li>
                <MenuLink to="/account" icon={User} onNavigate={onClose} current={(here) => onAccountTab(here, false)}>
                  {t('common.nav.account')}
                </MenuLink>
              </li>
              <li>
                {/* The Orders tab in one tap: where a shopper looks for a parcel. */}
                <MenuLink
                  to="/account?tab=orders"
                  icon={Package}
                  onNavigate={onClose}
                  current={(here) => onAccountTab(here, true)}
                >
                  {t('common.nav.myOrders')}
                </MenuLink>
              </li>
              <li>
                <button
                  type="button"
                  className={itemClasses}
                  onClick={() => {
                    onClose();
                    logout();
                  }}
                >
                  <ItemIcon icon={LogOut} />
                  {t('common.nav.logout')}
                </button>
              </li>
            </>
          ) : (
            <li>
              <MenuLink to="/login" icon={LogIn} onNavigate={onClose}>
                {t('common.nav.login')}
              </MenuLink>
            </li>
          )}
          <li>
            <LanguageSwitch className={`${itemClasses} [&>svg]:text-slate-400`} />
          </li>
        </ul>
      </nav>
    </Drawer>
  );
}
