import { type FormEvent, useState } from 'react';
import type { CampaignTarget } from '../../../../shared/campaigns';
import { ApiError } from '../../../lib/api';
import { useT } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import type { Campaign, CampaignInputBody, useAdminCampaigns } from './api';
import { type NepalDateTime, fromInstant, toInstant } from './nepal-time';

/** One item as typed: what it puts on sale, and a percent off or a sale price (text; the server checks it). */
export interface ItemDraft {
  target: CampaignTarget;
  id: string;
  kind: 'percent' | 'price';
  amount: string;
}

export interface CampaignDraft {
  name: string;
  startsAt: NepalDateTime;
  endsAt: NepalDateTime;
  items: ItemDraft[];
}

const newItem = (): ItemDraft => ({ target: 'product', id: '', kind: 'percent', amount: '' });
const empty = (): CampaignDraft => ({
  name: '',
  startsAt: { day: '', time: '00:00' },
  endsAt: { day: '', time: '23:59' },
  items: [newItem()],
});

function draftOf(campaign: Campaign): CampaignDraft {
  return {
    name: campaign.name,
    startsAt: fromInstant(campaign.startsAt),
    endsAt: fromInstant(campaign.endsAt),
    items: campaign.items.map((item) => ({
      target: item.target,
      id: String(item.id),
      kind: item.percentOff !== null ? 'percent' : 'price',
      amount: String(item.percentOff ?? item.salePrice ?? ''),
    })),
  };
}

/** A number as typed (commas allowed); a text that is not one is sent as it is, for the server to refuse. */
const numberOf = (text: string): number => Number(text.replace(/,/g, '').trim() || 'NaN');

function bodyOf(draft: CampaignDraft): CampaignInputBody {
  return {
    name: draft.name,
    startsAt: draft.startsAt.day ? toInstant(draft.startsAt) : '',
    endsAt: draft.endsAt.day ? toInstant(draft.endsAt) : '',
    items: draft.items.map((item) => ({
      target: item.target,
      id: numberOf(item.id),
      ...(item.kind === 'percent' ? { percentOff: numberOf(item.amount) } : { salePrice: numberOf(item.amount) }),
    })),
  };
}

/**
 * The campaign form's state: a new campaign, or one being edited (sent whole with PUT). The
 * server's field messages are shown under their fields ("items.2.salePrice" under that item).
 */
export function useCampaignForm(campaigns: Pick<ReturnType<typeof useAdminCampaigns>, 'create' | 'update'>) {
  const t = useT();
  const [draft, setDraft] = useState<CampaignDraft>(empty);
  const [editing, setEditing] = useState<Campaign | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const set = <K extends keyof CampaignDraft>(key: K, value: CampaignDraft[K]) => setDraft((old) => ({ ...old, [key]: value }));
  const setItem = (index: number, change: Partial<ItemDraft>) =>
    setDraft((old) => ({ ...old, items: old.items.map((item, at) => (at === index ? { ...item, ...change } : item)) }));
  const addItem = () => setDraft((old) => ({ ...old, items: [...old.items, newItem()] }));
  const removeItem = (index: number) => setDraft((old) => ({ ...old, items: old.items.filter((_, at) => at !== index) }));
  const edit = (campaign: Campaign) => {
    setEditing(campaign);
    setDraft(draftOf(campaign));
    setErrors({});
  };
  const reset = () => {
    setEditing(null);
    setDraft(empty());
    setErrors({});
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    try {
      if (editing) {
        await campaigns.update.mutateAsync({ id: editing.id, body: bodyOf(draft) });
        toast.success(t('admin.campaigns.saved'));
      } else {
        await campaigns.create.mutateAsync(bodyOf(draft));
        toast.success(t('admin.campaigns.created'));
      }
      reset();
    } catch (error) {
      if (!(error instanceof ApiError)) return;
      const fields = error.fieldErrors;
      setErrors(Object.keys(fields).length > 0 ? fields : { form: error.serverMessage ?? t('admin.campaigns.saveFailed') });
    }
  };

  const saving = campaigns.create.isPending || campaigns.update.isPending;
  return { draft, set, setItem, addItem, removeItem, editing, edit, reset, errors, submit, saving };
}

export type CampaignFormState = ReturnType<typeof useCampaignForm>;
