import type { CampaignTarget } from '../../../../shared/campaigns';
import { useT } from '../../../lib/i18n';
import { useEditForm } from '../ui/use-edit-form';
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
  const form = useEditForm({
    empty,
    draftOf,
    bodyOf: (draft: CampaignDraft) => bodyOf(draft),
    writes: campaigns,
    texts: {
      created: t('admin.campaigns.created'),
      saved: t('admin.campaigns.saved'),
      saveFailed: t('admin.campaigns.saveFailed'),
    },
  });
  const { setDraft } = form;
  const setItem = (index: number, change: Partial<ItemDraft>) =>
    setDraft((old) => ({ ...old, items: old.items.map((item, at) => (at === index ? { ...item, ...change } : item)) }));
  const addItem = () => setDraft((old) => ({ ...old, items: [...old.items, newItem()] }));
  /** A product found by name: it fills the last row while that is still blank, else comes as a new row. */
  const addProduct = (id: number) =>
    setDraft((old) => {
      const last = old.items.at(-1);
      const blank = last !== undefined && last.id.trim() === '' && last.amount.trim() === '';
      const item: ItemDraft = { ...(blank ? last : newItem()), target: 'product', id: String(id) };
      return { ...old, items: blank ? [...old.items.slice(0, -1), item] : [...old.items, item] };
    });
  const removeItem = (index: number) => setDraft((old) => ({ ...old, items: old.items.filter((_, at) => at !== index) }));
  const { draft, set, editing, edit, reset, errors, submit, saving } = form;
  return { draft, set, setItem, addItem, addProduct, removeItem, editing, edit, reset, errors, submit, saving };
}

export type CampaignFormState = ReturnType<typeof useCampaignForm>;
