import { DISTRICTS, type District, findDistrict } from '../../../shared/districts.js';
import type { DistrictDelivery, DistrictDeliveryInput, DistrictTable } from '../../../shared/delivery.js';
import { CHECKOUT_MESSAGES } from '../../../shared/orders.js';
import type { PaymentConfig } from '../../config.js';
import type { AppContext } from '../../context.js';
import { isoNow } from '../../lib/clock.js';
import { notFound } from '../../lib/errors.js';
import { type Actor, changedFields, recordAudit } from '../audit/service.js';
import * as q from './queries.js';

/** What a district's delivery costs and offers, in paisa, as checkout uses it. */
export interface DeliveryTerms {
  feePaisa: number;
  daysMin: number;
  daysMax: number;
  cod: boolean;
  edited: boolean;
}

/** The shop's settings for the district's place: valley or outside, cash on delivery offered. */
export function defaultTerms(district: District | undefined, settings: PaymentConfig): DeliveryTerms {
  const valley = district?.valley === true;
  const days = valley ? settings.deliveryDaysValley : settings.deliveryDaysOutside;
  return {
    feePaisa: valley ? settings.deliveryFeeValleyPaisa : settings.deliveryFeeOutsidePaisa,
    daysMin: days.min,
    daysMax: days.max,
    cod: true,
    edited: false,
  };
}

function termsOf(row: q.DistrictRow): DeliveryTerms {
  return { feePaisa: row.fee_paisa, daysMin: row.days_min, daysMax: row.days_max, cod: Number(row.cod) === 1, edited: true };
}

function toDistrictDelivery(district: District, terms: DeliveryTerms): DistrictDelivery {
  return {
    district: district.en,
    ne: district.ne,
    province: district.province,
    fee: terms.feePaisa / 100,
    daysMin: terms.daysMin,
    daysMax: terms.daysMax,
    cod: terms.cod,
    edited: terms.edited,
  };
}

/**
 * Delivery by district: the owner's terms where edited, else the shop's valley or outside
 * settings (ADR 0051). Checkout reads one district's row by its primary key in its own
 * transaction, so an edit applies to the next order on every process without a cache to clear.
 */
export class DeliveryService {
  constructor(private readonly ctx: AppContext) {}

  /** The terms for an order's district (its stored English name); an unknown name gets the outside defaults. */
  async termsFor(db: q.Db, districtName: string): Promise<DeliveryTerms> {
    const district = findDistrict(districtName);
    const row = district ? await q.editedDistrict(db, district.en) : undefined;
    return row ? termsOf(row) : defaultTerms(district, this.ctx.config.payments);
  }

  /** All 77, in the list's order (province by province). */
  async table(): Promise<DistrictTable> {
    const edited = new Map((await q.editedDistricts(this.ctx.db)).map((row) => [row.district, termsOf(row)]));
    return {
      districts: DISTRICTS.map((district) =>
        toDistrictDelivery(district, edited.get(district.en) ?? defaultTerms(district, this.ctx.config.payments)),
      ),
      freeFrom: this.ctx.config.payments.freeDeliveryFromPaisa / 100,
    };
  }

  /** The owner's new terms for a district (either spelling names it), audited in the same transaction. */
  async update(actor: Actor, name: string, input: DistrictDeliveryInput): Promise<DistrictDelivery> {
    const district = findDistrict(name);
    if (!district) throw notFound(CHECKOUT_MESSAGES.districtUnknown);
    const now = isoNow(this.ctx.clock);
    const terms: DeliveryTerms = {
      feePaisa: Math.round(input.fee * 100),
      daysMin: input.daysMin,
      daysMax: input.daysMax,
      cod: input.cod,
      edited: true,
    };
    await this.ctx.db.transaction().execute(async (trx) => {
      const before = await this.termsFor(trx, district.en);
      await q.saveDistrict(trx, {
        district: district.en,
        fee_paisa: terms.feePaisa,
        days_min: terms.daysMin,
        days_max: terms.daysMax,
        cod: terms.cod ? 1 : 0,
        updated_at: now,
      });
      const snapshot = (t: DeliveryTerms) => ({ fee: t.feePaisa / 100, daysMin: t.daysMin, daysMax: t.daysMax, cod: t.cod });
      await recordAudit(trx, {
        adminId: actor.adminId,
        action: 'district.update',
        entityType: 'district',
        entityId: district.en,
        summary: district.en,
        changes: changedFields(snapshot(before), snapshot(terms)),
        note: null,
        at: now,
      });
    });
    return toDistrictDelivery(district, terms);
  }
}
