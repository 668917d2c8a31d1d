import Heart from 'lucide-react/icons/heart';
import LogOut from 'lucide-react/icons/log-out';
import Package from 'lucide-react/icons/package';
import PanelLeftOpen from 'lucide-react/icons/panel-left-open';
import ShoppingCart from 'lucide-react/icons/shopping-cart';
import User from 'lucide-react/icons/user';
import { type ComponentType, type SVGProps, Suspense, lazy, useCallback, useState } from 'react';
import { Drawer } from '../../components/ui/Drawer';
import { LoadingBlock } from '../../components/ui/Spinner';
import { useAfterFirstPaint } from '../../lib/first-paint';
import { useAddressedTab } from '../../lib/addressed-tab';
import { usePageTitle } from '../../lib/hooks';
import { type MessageId, useT } from '../../lib/i18n';
import { GuardRedirect } from '../../lib/routing';
import { useShopperToken } from '../../lib/session';
import { STORAGE_KEYS } from '../../lib/storage';
import { useLogout } from '../../lib/use-logout';
import { useCurrentUser } from '../../lib/user';
import { ProfileTab } from './tabs/ProfileTab';

export const ACCOUNT_TABS = ['account', 'cart', 'orders', 'favourites'] as const;
export type AccountTab = (typeof ACCOUNT_TABS)[number];

const tabs: { id: AccountTab; label: MessageId; icon: ComponentType<SVGProps<SVGSVGElement>> }[] = [
  { id: 'account', label: 'account.tab.account', icon: User },
  { id: 'cart', label: 'account.tab.cart', icon: ShoppingCart },
  { id: 'orders', label: 'account.tab.orders', icon: Package },
  { id: 'favourites', label: 'account.tab.favourites', icon: Heart },
];

/**
 * The Account tab (the default) comes with the page; the others load when chosen, so a first visit
 * does not download the checkout form and its validation (zod) it may never show.
 */
const panels: Record<AccountTab, ComponentType> = {
  account: ProfileTab,
  cart: lazy(() => import('./tabs/CartTab').then((module) => ({ default: module.CartTab }))),
  orders: lazy(() => import('./orders/OrdersTab').then((module) => ({ default: module.OrdersTab }))),
  favourites: lazy(() => import('./tabs/FavouritesTab').then((module) => ({ default: module.FavouritesTab }))),
};

function Sidebar({
  active,
  onSelect,
  onLogout,
}: {
  active: AccountTab;
  onSelect: (tab: AccountTab) => void;
  onLogout: () => void;
}) {
  const t = useT();
  const item = 'flex min-h-12 w-full items-center gap-3 rounded-lg px-3 text-left text-[15px] font-medium transition-colors';
  return (
    <nav aria-label={t('account.sections')} className="p-3">
      <ul className="space-y-1">
        {tabs.map(({ id, label, icon: Icon }) => (
          <li key={id}>
            <button
              type="button"
              aria-current={id === active ? 'page' : undefined}
              onClick={() => onSelect(id)}
              className={`${item} ${id === active ? 'bg-slate-900 text-white' : 'text-slate-700 hover:bg-slate-100'}`}
            >
              <Icon className={`size-5 ${id === active ? 'text-amber-400' : 'text-slate-400'}`} aria-hidden="true" />
              {t(label)}
            </button>
          </li>
        ))}
      </ul>
      <div className="mt-3 border-t border-slate-200 pt-3">
        <button type="button" onClick={onLogout} className={`${item} text-red-600 hover:bg-red-50`}>
          <LogOut className="size-5" aria-hidden="true" />
          {t('account.logout')}
        </button>
      </div>
    </nav>
  );
}

/** The shopper dashboard: sidebar tabs remembered under userActiveTab; a drawer on small screens. */
export default function AccountPage() {
  const t = useT();
  usePageTitle(t('account.title'));
  const token = useShopperToken();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const painted = useAfterFirstPaint();
  const logout = useLogout();
  const { data: user } = useCurrentUser();
  // The open tab is in the address once chosen (useAddressedTab). The Orders tab reads (and then
  // removes) its own parameters, order and payment.
  const [active, selectTab] = useAddressedTab<AccountTab>(STORAGE_KEYS.userActiveTab, ACCOUNT_TABS, 'account', Boolean(token));
  const select = useCallback(
    (tab: AccountTab) => {
      setDrawerOpen(false);
      selectTab(tab);
    },
    [selectTab],
  );

  if (!token) return <GuardRedirect to="/login" />;

  const Panel = panels[active];
  const activeLabel = t(tabs.find((tab) => tab.id === active)?.label ?? 'account.tab.account');

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 sm:py-10">
      <div className="mb-6 flex items-center gap-3">
        <button
          type="button"
          onClick={() => setDrawerOpen(true)}
          aria-label={t('account.menu.open')}
          aria-expanded={drawerOpen}
          className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg border border-slate-300 bg-white text-slate-700 shadow-xs hover:bg-slate-50 lg:hidden"
        >
          <PanelLeftOpen className="size-5" aria-hidden="true" />
        </button>
        <div className="min-w-0">
          <h1 className="truncate text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{t('account.title')}</h1>
          <p className="truncate text-sm text-slate-500">
            {user ? t('account.hello', { name: user.firstName }) : t('account.welcomeBack')}
            <span className="lg:hidden"> · {activeLabel}</span>
          </p>
        </div>
        {/* On a phone the tabs are behind the menu button: the Orders tab, the one most looked for, is one tap away. */}
        {active !== 'orders' && (
          <button
            type="button"
            onClick={() => select('orders')}
            className="ml-auto inline-flex min-h-11 shrink-0 items-center gap-1.5 rounded-lg border border-slate-300 bg-white px-3 text-sm font-semibold text-slate-800 shadow-xs hover:bg-slate-50 lg:hidden"
          >
            <Package className="size-4 text-slate-500" aria-hidden="true" />
            {t('common.nav.myOrders')}
          </button>
        )}
      </div>
      <div className="grid gap-6 lg:grid-cols-[16rem_1fr]">
        <aside className="hidden self-start rounded-2xl border border-slate-200 bg-white shadow-sm lg:block">
          <Sidebar active={active} onSelect={select} onLogout={logout} />
        </aside>
        <div className="min-w-0">
          <Suspense fallback={<LoadingBlock label={t('account.loading')} className="py-16" />}>
            <Panel />
          </Suspense>
        </div>
      </div>
      {/* Closed, the phone's menu is not in the first paint. */}
      {(painted || drawerOpen) && (
        <Drawer
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          side="left"
          title={t('account.title')}
          closeLabel={t('account.menu.close')}
          widthClass="w-[280px] max-w-[85vw]"
          overlayTestId="account-menu-overlay"
        >
          <Sidebar active={active} onSelect={select} onLogout={logout} />
        </Drawer>
      )}
    </div>
  );
}
