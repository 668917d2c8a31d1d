import type { Kysely, Selectable, Transaction } from 'kysely';
import { PreparedQuery } from '../../db/client.js';
import type { Database, DistrictDeliveryTable } from '../../db/schema.js';

/** SQL of delivery by district (migration 044). */

export type Db = Kysely<Database> | Transaction<Database>;
export type DistrictRow = Selectable<DistrictDeliveryTable>;

/** The owner's terms for the districts that have them. */
export async function editedDistricts(db: Db): Promise<DistrictRow[]> {
  return db.selectFrom('district_delivery').selectAll().execute();
}

// Compiled once: every checkout runs it, and building the query costs more than the read.
const districtQuery = new PreparedQuery<DistrictRow, [district: string]>('district-delivery', (db, $) =>
  db.selectFrom('district_delivery').selectAll().where('district', '=', $(0)),
);

/** The owner's terms for one district (one primary-key read), if edited. */
export async function editedDistrict(db: Db, district: string): Promise<DistrictRow | undefined> {
  return districtQuery.first(db, district);
}

export async function saveDistrict(db: Db, row: DistrictRow): Promise<void> {
  await db
    .insertInto('district_delivery')
    .values(row)
    .onConflict((oc) =>
      oc.column('district').doUpdateSet({
        fee_paisa: row.fee_paisa,
        days_min: row.days_min,
        days_max: row.days_max,
        cod: row.cod,
        updated_at: row.updated_at,
      }),
    )
    .execute();
}
