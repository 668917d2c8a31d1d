import ClipboardList from 'lucide-react/icons/clipboard-list';
import FolderTree from 'lucide-react/icons/folder-tree';
import History from 'lucide-react/icons/history';
import KeyRound from 'lucide-react/icons/key-round';
import LayoutDashboard from 'lucide-react/icons/layout-dashboard';
import LogOut from 'lucide-react/icons/log-out';
import MailWarning from 'lucide-react/icons/mail-warning';
import Package from 'lucide-react/icons/package';
import Truck from 'lucide-react/icons/truck';
import MessageCircleQuestion from 'lucide-react/icons/message-circle-question';
import MessageSquareText from 'lucide-react/icons/message-square-text';
import Smartphone from 'lucide-react/icons/smartphone';
import ShieldUser from 'lucide-react/icons/shield-user';
import TicketPercent from 'lucide-react/icons/ticket-percent';
import Undo2 from 'lucide-react/icons/undo-2';
import Wrench from 'lucide-react/icons/wrench';
import UsersRound from 'lucide-react/icons/users-round';
import type { AdminPermission } from '../../../shared/staff-roles';
import { type ComponentType, type SVGProps, useMemo, useState } from 'react';
import { Button } from '../../components/ui/Button';
import { useAddressedTab } from '../../lib/addressed-tab';
import { usePageTitle } from '../../lib/hooks';
import { GuardRedirect } from '../../lib/routing';
import { useAdminToken } from '../../lib/session';
import { STORAGE_KEYS } from '../../lib/storage';
import { useLogout } from '../../lib/use-logout';
import { type MessageId, useT } from '../../lib/i18n';
import { type AdminNavigation, AdminNavigationContext } from './navigation';
import { ChangePasswordModal } from './password/ChangePasswordModal';
import { ActivityTab } from './tabs/ActivityTab';
import { CategoriesTab } from './tabs/CategoriesTab';
import { CouponsTab } from './tabs/CouponsTab';
import { DashboardTab } from './tabs/DashboardTab';
import { JobsTab } from './tabs/JobsTab';
import { OrdersTab } from './tabs/OrdersTab';
import { ProductsTab } from './tabs/ProductsTab';
import { DeliveryTab } from './tabs/DeliveryTab';
import { QuestionsTab } from './tabs/QuestionsTab';
import { ReviewsTab } from './tabs/ReviewsTab';
import { ReturnsTab } from './tabs/ReturnsTab';
import { WarrantyTab } from './tabs/WarrantyTab';
import { SmsTab } from './tabs/SmsTab';
import { StaffTab } from './tabs/StaffTab';
import { AdminPermissionsContext, useAdminMe } from './permissions';
import { SetupFirst, TwoFactorModal } from './two-factor/SetupFirst';

export const ADMIN_TABS = [
  'dashboard',
  'categories',
  'products',
  'orders',
  'coupons',
  'reviews',
  'questions',
  'delivery',
  'returns',
  'warranty',
  'jobs',
  'sms',
  'activity',
  'staff',
] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];

// The Dashboard comes first, as the owner's morning look; the original three keep their order
// and the panel still opens on Categories until another tab has been chosen.
// Each tab shows only to a role that holds its permission (shared/staff-roles.ts).
const tabs: {
  id: AdminTab;
  label: MessageId;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  Panel: ComponentType;
  needs: AdminPermission;
}[] = [
  { id: 'dashboard', label: 'admin.tabs.dashboard', icon: LayoutDashboard, Panel: DashboardTab, needs: 'dashboard' },
  { id: 'categories', label: 'admin.tabs.categories', icon: FolderTree, Panel: CategoriesTab, needs: 'catalog.read' },
  { id: 'products', label: 'admin.tabs.products', icon: Package, Panel: ProductsTab, needs: 'catalog.read' },
  { id: 'orders', label: 'admin.tabs.orders', icon: ClipboardList, Panel: OrdersTab, needs: 'orders.read' },
  { id: 'coupons', label: 'admin.tabs.coupons', icon: TicketPercent, Panel: CouponsTab, needs: 'promotions' },
  { id: 'reviews', label: 'admin.tabs.reviews', icon: MessageSquareText, Panel: ReviewsTab, needs: 'reviews' },
  { id: 'questions', label: 'admin.tabs.questions', icon: MessageCircleQuestion, Panel: QuestionsTab, needs: 'questions' },
  { id: 'delivery', label: 'admin.tabs.delivery', icon: Truck, Panel: DeliveryTab, needs: 'settings' },
  { id: 'returns', label: 'admin.tabs.returns', icon: Undo2, Panel: ReturnsTab, needs: 'returns' },
  { id: 'warranty', label: 'admin.tabs.warranty', icon: Wrench, Panel: WarrantyTab, needs: 'warranty' },
  { id: 'jobs', label: 'admin.tabs.jobs', icon: MailWarning, Panel: JobsTab, needs: 'jobs' },
  { id: 'sms', label: 'admin.tabs.sms', icon: Smartphone, Panel: SmsTab, needs: 'sms' },
  { id: 'activity', label: 'admin.tabs.activity', icon: History, Panel: ActivityTab, needs: 'audit' },
  { id: 'staff', label: 'admin.tabs.staff', icon: UsersRound, Panel: StaffTab, needs: 'staff' },
];

/** /admin requires the admin token, otherwise /admin/login. */
export default function AdminPage() {
  const token = useAdminToken();
  if (!token) return <GuardRedirect to="/admin/login" />;
  return <AdminPanel />;
}

function AdminPanel() {
  const t = useT();
  usePageTitle(t('admin.title'));
  // The open tab and its list's filters live in the address (?tab=orders&status=pending), so a
  // reload or a shared link shows the same list; a bare /admin opens the remembered tab.
  const [active, select] = useAddressedTab<AdminTab>(STORAGE_KEYS.adminActiveTab, ADMIN_TABS, 'categories');
  const logout = useLogout();
  const [changingPassword, setChangingPassword] = useState(false);
  const [twoFactor, setTwoFactor] = useState(false);
  const navigation = useMemo<AdminNavigation>(
    () => ({
      openOrders: (filter) =>
        select(
          'orders',
          Object.fromEntries(Object.entries(filter).filter((entry): entry is [string, string] => Boolean(entry[1]))),
        ),
    }),
    [select],
  );
  // Who is signed in and what the role may do; also proves the token still works (a refused token
  // ends the admin session). Until it answers no tab is shown, so none flashes that the role lacks.
  const me = useAdminMe();
  const username = me.data?.username;
  const permissions = me.data?.permissions ?? [];
  const allowed = tabs.filter((tab) => permissions.includes(tab.needs));
  const current = allowed.find((tab) => tab.id === active) ?? allowed[0];
  const setupPending = me.data && (me.data.mustChangePassword || (me.data.totpRequired && !me.data.totpOn));

  const item =
    'flex h-full min-h-14 flex-col items-center justify-center gap-1 rounded-lg px-1 text-center text-xs leading-tight font-medium transition-colors lg:min-h-11 lg:flex-row lg:justify-start lg:gap-2 lg:px-3 lg:text-sm lg:whitespace-nowrap';
  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 sm:py-10">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-3">
          <span className="flex size-11 items-center justify-center rounded-xl bg-slate-900 text-amber-400">
            <ShieldUser className="size-6" aria-hidden="true" />
          </span>
          <div>
            <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{t('admin.heading')}</h1>
            <p className="text-sm text-slate-500">{username ? t('admin.signedInAs', { username }) : t('admin.subtitle')}</p>
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          {me.data && !me.data.totpOn && (
            <Button variant="outline" size="sm" onClick={() => setTwoFactor(true)}>
              <Smartphone className="size-4 text-slate-500" aria-hidden="true" />
              {t('admin-staff.totp.title')}
            </Button>
          )}
          <Button variant="outline" size="sm" onClick={() => setChangingPassword(true)}>
            <KeyRound className="size-4 text-slate-500" aria-hidden="true" />
            {t('admin.password.change')}
          </Button>
        </div>
      </div>
      <div className="grid gap-6 lg:grid-cols-[14rem_1fr]">
        <nav
          aria-label={t('admin.sections')}
          className="min-w-0 self-start rounded-2xl border border-slate-200 bg-white p-1.5 shadow-sm lg:p-3"
        >
          <ul className="grid grid-cols-4 gap-1 sm:grid-cols-5 lg:flex lg:flex-col">
            {(setupPending ? [] : allowed).map(({ id, label, icon: Icon }) => (
              <li key={id}>
                <button
                  type="button"
                  aria-current={id === active ? 'page' : undefined}
                  onClick={() => select(id)}
                  className={`${item} w-full ${id === active ? 'bg-slate-900 text-white' : 'text-slate-700 hover:bg-slate-100'}`}
                >
                  <Icon className={`size-4 ${id === active ? 'text-amber-400' : 'text-slate-400'}`} aria-hidden="true" />
                  {t(label)}
                </button>
              </li>
            ))}
            <li className="lg:mt-2 lg:border-t lg:border-slate-200 lg:pt-2">
              <button type="button" onClick={logout} className={`${item} w-full text-red-600 hover:bg-red-50`}>
                <LogOut className="size-4" aria-hidden="true" />
                {t('admin.logout')}
              </button>
            </li>
          </ul>
        </nav>
        <div className="min-w-0">
          {setupPending ? (
            <SetupFirst me={me.data} onChangePassword={() => setChangingPassword(true)} />
          ) : (
            current && (
              <AdminPermissionsContext value={permissions}>
                <AdminNavigationContext value={navigation}>
                  <current.Panel key={current.id} />
                </AdminNavigationContext>
              </AdminPermissionsContext>
            )
          )}
        </div>
      </div>
      <ChangePasswordModal open={changingPassword} onClose={() => setChangingPassword(false)} username={username} />
      <TwoFactorModal open={twoFactor} onClose={() => setTwoFactor(false)} />
    </div>
  );
}
