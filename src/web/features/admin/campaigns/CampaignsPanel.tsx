import { formatBikramSambat } from '../../../../shared/bikram-sambat';
import { formatPrice } from '../../../lib/format';
import { useLocale, useT } from '../../../lib/i18n';
import { ActionsTable, RowActions } from '../ui/ActionsTable';
import { type Campaign, useAdminCampaigns } from './api';
import { CampaignForm } from './CampaignForm';
import { nepalText } from './nepal-time';
import { useCampaignForm } from './use-campaign-form';

const STATUS_LABELS = {
  scheduled: 'admin.campaigns.status.scheduled',
  running: 'admin.campaigns.status.running',
  ended: 'admin.campaigns.status.ended',
} as const;

/** The admin's campaigns (in the Coupons tab): a new one (or one being edited), and the list with Edit and End. */
export function CampaignsPanel() {
  const t = useT();
  const campaigns = useAdminCampaigns();
  const form = useCampaignForm(campaigns);
  const rows = campaigns.list.data?.campaigns ?? [];
  const edit = (campaign: Campaign) => {
    form.edit(campaign);
    document.getElementById('campaign-form')?.scrollIntoView({ block: 'start' });
  };
  return (
    <section className="space-y-6" aria-labelledby="campaigns-heading">
      <h2 id="campaigns-heading" className="text-lg font-semibold text-slate-900">
        {t('admin.campaigns.title')}
      </h2>
      <CampaignForm form={form} />
      {campaigns.list.isError && <p role="alert">{t('admin.campaigns.loadFailed')}</p>}
      <ActionsTable
        headings={[
          t('admin.campaigns.name'),
          t('admin.campaigns.when'),
          t('admin.campaigns.items'),
          t('admin.campaigns.statusLabel'),
        ]}
        actionsHeading={t('admin.campaigns.actions')}
      >
        {rows.map((campaign) => (
          <CampaignRow
            key={campaign.id}
            campaign={campaign}
            onEdit={() => edit(campaign)}
            onEnd={() => void campaigns.end.mutateAsync(campaign.id)}
          />
        ))}
      </ActionsTable>
    </section>
  );
}

function CampaignRow({ campaign, onEdit, onEnd }: { campaign: Campaign; onEdit: () => void; onEnd: () => void }) {
  const t = useT();
  const locale = useLocale();
  const open = campaign.status !== 'ended';
  const when = (iso: string) => `${nepalText(iso)} (${formatBikramSambat(new Date(iso))})`;
  return (
    <tr className="border-t border-slate-200 align-top" data-testid={`campaign-row-${campaign.id}`}>
      <td className="py-2 pr-3 font-medium">{campaign.name}</td>
      <td className="py-2 pr-3 whitespace-nowrap">
        {when(campaign.startsAt)}
        <br />
        {when(campaign.endsAt)}
      </td>
      <td className="py-2 pr-3">
        <ul>
          {campaign.items.map((item) => (
            <li key={`${item.target}-${item.id}`}>
              {item.name ?? `${item.target} ${item.id}`}:{' '}
              {item.percentOff !== null ? `−${item.percentOff}%` : formatPrice(item.salePrice ?? 0, locale)}
            </li>
          ))}
        </ul>
      </td>
      <td className="py-2 pr-3">{t(STATUS_LABELS[campaign.status])}</td>
      <td className="py-2">
        <RowActions
          actions={[
            open && {
              text: t('admin.campaigns.edit'),
              label: t('admin.campaigns.editLabel', { name: campaign.name }),
              onClick: onEdit,
            },
            open && {
              text: t('admin.campaigns.end'),
              label: t('admin.campaigns.endLabel', { name: campaign.name }),
              onClick: onEnd,
            },
          ]}
        />
      </td>
    </tr>
  );
}
