import type { AdminMe } from '../../../../shared/staff-roles';
import { Button } from '../../../components/ui/Button';
import { Dialog } from '../../../components/ui/Dialog';
import { useT } from '../../../lib/i18n';
import { TwoFactorSetup } from './TwoFactorSetup';

/**
 * What an admin must do before anything else (the server refuses the rest until then): replace the
 * one-time password the owner gave, then set up two-factor sign-in when the owner requires it.
 */
export function SetupFirst({ me, onChangePassword }: { me: AdminMe; onChangePassword: () => void }) {
  const t = useT();
  return (
    <section aria-labelledby="setup-first" className="space-y-4 rounded-2xl border border-amber-300 bg-amber-50 p-5">
      <h2 id="setup-first" className="text-lg font-semibold text-slate-900">
        {t('admin-staff.setup.title')}
      </h2>
      {me.mustChangePassword ? (
        <>
          <p className="text-sm text-slate-800">{t('admin-staff.setup.password')}</p>
          <Button type="button" variant="secondary" onClick={onChangePassword}>
            {t('admin.password.change')}
          </Button>
        </>
      ) : (
        <>
          <p className="text-sm text-slate-800">{t('admin-staff.setup.totp')}</p>
          <TwoFactorSetup />
        </>
      )}
    </section>
  );
}

/** Two-factor sign-in turned on by the admin's own choice, from the panel's header. */
export function TwoFactorModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT();
  return (
    <Dialog
      layout="panel"
      closeLabel={t('admin-catalog.modal.close')}
      open={open}
      onClose={onClose}
      title={t('admin-staff.totp.title')}
      widthClass="max-w-md"
    >
      {open && <TwoFactorSetup />}
    </Dialog>
  );
}
