import { CATALOG_MESSAGES, categoryKey } from '../../../../shared/catalog.js';
import {
  type Brand,
  SPEC_MESSAGES,
  type SpecField,
  type SpecFieldCreate,
  type SpecFieldUpdate,
  type SpecValues,
  specFieldIssues,
} from '../../../../shared/specs.js';
import type { AuditValue } from '../../../../shared/audit.js';
import type { AppContext } from '../../../context.js';
import { isoNow } from '../../../lib/clock.js';
import { uniqueViolation } from '../../../lib/db-errors.js';
import { conflict, notFound } from '../../../lib/errors.js';
import { type Actor, changedFields, recordAudit } from '../../audit/service.js';
import { validationFailed } from '../product-input.js';
import { type Db, catalogWrite, liveProductRow } from '../queries.js';
import * as sq from './queries.js';
import { numberText, parseValue, specWords, toSpecField } from './values.js';

/**
 * Brands, the categories' specification fields and a product's brand and values.
 *
 * A product's values are checked against its category's live fields before anything is written
 * (prepareProductSpecs), then written in the caller's transaction (writeProductSpecs): the
 * product form's create and edit, and PUT /api/products/:id/specs. Each write also refreshes the
 * product's spec_words (migration 027), the words a search finds it by. Every write of the
 * admin's (with an `actor`) is recorded in the audit log in its transaction (features/audit).
 */

/** A product's brand and values, checked and resolved: what writeProductSpecs writes. */
export interface PreparedSpecs {
  /** undefined: the brand is left as it is. */
  brandId?: number | null;
  set: { fieldId: number; value: string; valueNumber: number | null }[];
  clear: number[];
}

/** How many products' words are rewritten per statement batch when a field changes. */
const WORDS_CHUNK = 500;

export class SpecsService {
  constructor(private readonly ctx: AppContext) {}

  /** The database (the demo seeder reads its products' ids through it). */
  get db() {
    return this.ctx.db;
  }

  private write<T>(work: (trx: Db) => Promise<T>): Promise<T> {
    return catalogWrite(this.db, work);
  }

  // -------------------------------------------------------------------------------------------
  // Brands

  async brands(): Promise<Brand[]> {
    return (await sq.liveBrands(this.db)).map((row) => ({ id: Number(row.id), name: row.name }));
  }

  /** A new brand; its name's key (categoryKey) must be free among live brands. */
  async createBrand(name: string, actor?: Actor): Promise<Brand> {
    const key = categoryKey(name);
    try {
      const id = await this.write(async (trx) => {
        if (await sq.liveBrandByKey(trx, key)) throw conflict(SPEC_MESSAGES.brandTaken);
        const now = isoNow(this.ctx.clock);
        const made = await sq.insertBrand(trx, name, key, now);
        if (actor) await this.audit(trx, actor, 'brand.create', 'brand', made, name, { name: [null, name] }, now);
        return made;
      });
      return { id, name };
    } catch (error) {
      throw uniqueViolation(error) ? conflict(SPEC_MESSAGES.brandTaken) : error;
    }
  }

  /**
   * Renames a brand; the new name's key must be free among the other live brands. The products
   * that name it are found by the new name from now on (their searched words follow).
   */
  async renameBrand(id: number, name: string, actor?: Actor): Promise<Brand> {
    const key = categoryKey(name);
    try {
      await this.write(async (trx) => {
        const current = await sq.liveBrandById(trx, id);
        if (!current) throw notFound(SPEC_MESSAGES.brandNotFound);
        const holder = await sq.liveBrandByKey(trx, key);
        if (holder && Number(holder.id) !== id) throw conflict(SPEC_MESSAGES.brandTaken);
        if (current.name === name) return;
        await sq.renameBrand(trx, id, name, key);
        await this.refreshWords(trx, await sq.productIdsWithBrand(trx, id));
        if (actor) {
          const now = isoNow(this.ctx.clock);
          await this.audit(trx, actor, 'brand.rename', 'brand', id, name, { name: [current.name, name] }, now);
        }
      });
      return { id, name };
    } catch (error) {
      throw uniqueViolation(error) ? conflict(SPEC_MESSAGES.brandTaken) : error;
    }
  }

  /** Takes a brand off the list; refused while live products name it (archived ones keep it). */
  async deleteBrand(id: number, actor?: Actor): Promise<{ message: string }> {
    await this.write(async (trx) => {
      const current = await sq.liveBrandById(trx, id);
      if (!current) throw notFound(SPEC_MESSAGES.brandNotFound);
      if (await sq.brandInUse(trx, id)) throw conflict(SPEC_MESSAGES.brandInUse);
      const now = isoNow(this.ctx.clock);
      await sq.softDeleteBrand(trx, id, now);
      if (actor) await this.audit(trx, actor, 'brand.delete', 'brand', id, current.name, { name: [current.name, null] }, now);
    });
    return { message: 'Brand deleted' };
  }

  // -------------------------------------------------------------------------------------------
  // Spec fields

  async fieldsOf(categoryId: number): Promise<SpecField[]> {
    if (!(await sq.liveCategoryExists(this.db, categoryId))) throw notFound('Category not found');
    return (await sq.liveFieldsOf(this.db, categoryId)).map(toSpecField);
  }

  async createField(categoryId: number, input: SpecFieldCreate, actor?: Actor): Promise<SpecField> {
    const key = categoryKey(input.name);
    try {
      const id = await this.write(async (trx) => {
        if (!(await sq.liveCategoryExists(trx, categoryId))) throw notFound('Category not found');
        const fields = await sq.liveFieldsOf(trx, categoryId);
        if (fields.some((field) => field.name_key === key)) throw validationFailed({ name: SPEC_MESSAGES.fieldTaken });
        const now = isoNow(this.ctx.clock);
        const made = await sq.insertField(trx, {
          category_id: categoryId,
          name: input.name,
          name_key: key,
          kind: input.kind,
          unit: input.kind === 'number' ? (input.unit ?? null) : null,
          choices: input.kind === 'choice' ? JSON.stringify(input.choices) : null,
          is_filter: input.isFilter ? 1 : 0,
          created_at: now,
        });
        if (actor) await this.auditField(trx, actor, 'specField.create', undefined, made, now);
        return made;
      });
      return toSpecField((await sq.liveField(this.db, id))!);
    } catch (error) {
      throw uniqueViolation(error) ? validationFailed({ name: SPEC_MESSAGES.fieldTaken }) : error;
    }
  }

  /**
   * Changes a field. The rules apply to the field as it will be; a kind cannot change while
   * products have values for it, nor a choice be removed that products use. A new unit rewrites
   * the values' texts ("16 GB" → "16 GiB") and the words they are found by.
   */
  async updateField(id: number, input: SpecFieldUpdate, actor?: Actor): Promise<SpecField> {
    await this.write(async (trx) => {
      const current = await sq.liveField(trx, id);
      if (!current) throw notFound(SPEC_MESSAGES.fieldNotFound);
      const was = toSpecField(current);
      const kind = input.kind ?? was.kind;
      const next = {
        kind,
        unit: kind !== 'number' && input.unit === undefined ? null : input.unit !== undefined ? input.unit : was.unit,
        choices:
          kind !== 'choice' && input.choices === undefined ? null : input.choices !== undefined ? input.choices : was.choices,
      };
      const issues: Record<string, string> = {};
      specFieldIssues(next, ({ path, message }) => (issues[path] ??= message));
      if (Object.keys(issues).length > 0) throw validationFailed(issues);
      const patch: Parameters<typeof sq.updateField>[2] = {
        kind,
        unit: next.unit,
        choices: next.choices && JSON.stringify(next.choices),
      };
      if (input.name !== undefined) {
        const key = categoryKey(input.name);
        const others = await sq.liveFieldsOf(trx, current.category_id);
        if (others.some((field) => field.name_key === key && field.id !== current.id)) {
          throw validationFailed({ name: SPEC_MESSAGES.fieldTaken });
        }
        Object.assign(patch, { name: input.name, name_key: key });
      }
      if (input.isFilter !== undefined) patch.is_filter = input.isFilter ? 1 : 0;
      const values = await sq.valuesOfField(trx, id);
      if (values.length > 0 && kind !== was.kind) throw conflict(SPEC_MESSAGES.kindInUse);
      if (kind === 'choice' && values.some((row) => !next.choices!.includes(row.value)))
        throw conflict(SPEC_MESSAGES.choiceInUse);
      await sq.updateField(trx, id, patch);
      if (kind === 'number' && next.unit !== was.unit && values.length > 0) {
        for (const row of values) {
          if (row.value_number !== null)
            await sq.renameValue(trx, id, row.value, numberText(Number(row.value_number), next.unit));
        }
        await this.refreshWords(trx, await sq.productIdsWithField(trx, id));
      }
      if (actor) await this.auditField(trx, actor, 'specField.update', current, id, isoNow(this.ctx.clock));
    });
    return toSpecField((await sq.liveField(this.db, id))!);
  }

  /** Takes a field off its category: products' values stay stored but are no longer shown, filtered or searched. */
  async deleteField(id: number, actor?: Actor): Promise<{ message: string }> {
    await this.write(async (trx) => {
      const current = await sq.liveField(trx, id);
      if (!current) throw notFound(SPEC_MESSAGES.fieldNotFound);
      const now = isoNow(this.ctx.clock);
      await sq.updateField(trx, id, { deleted_at: now });
      await this.refreshWords(trx, await sq.productIdsWithField(trx, id));
      if (actor) await this.auditField(trx, actor, 'specField.delete', current, id, now);
    });
    return { message: 'Specification field deleted' };
  }

  // -------------------------------------------------------------------------------------------
  // A product's brand and values

  /**
   * Checks a product's brand (a live brand's name; null or '' none) and values (by field name
   * of the category, compared by categoryKey) before anything is written; every problem is a
   * field error: `brand`, `specs.<name>`.
   */
  async prepareProductSpecs(
    categoryId: number,
    input: { brand?: string | null | undefined; specs?: SpecValues | undefined },
    db: Db = this.db,
  ): Promise<PreparedSpecs> {
    const errors: Record<string, string> = {};
    const prepared: PreparedSpecs = { set: [], clear: [] };
    if (input.brand === null || input.brand === '') prepared.brandId = null;
    else if (input.brand !== undefined) {
      const brand = await sq.liveBrandByKey(db, categoryKey(input.brand));
      if (brand) prepared.brandId = Number(brand.id);
      else errors.brand = SPEC_MESSAGES.brandUnknown;
    }
    const entries = Object.entries(input.specs ?? {});
    if (entries.length > 0) {
      const fields = new Map((await sq.liveFieldsOf(db, categoryId)).map((row) => [row.name_key, toSpecField(row)]));
      for (const [name, raw] of entries) {
        const field = fields.get(categoryKey(name));
        if (!field) {
          errors[`specs.${name}`] = SPEC_MESSAGES.specUnknown;
          continue;
        }
        const parsed = raw === null ? undefined : parseValue(field, raw);
        if (parsed === undefined) prepared.clear.push(field.id);
        else if ('error' in parsed) errors[`specs.${name}`] = parsed.error;
        else prepared.set.push({ fieldId: field.id, value: parsed.value, valueNumber: parsed.valueNumber });
      }
    }
    if (Object.keys(errors).length > 0) throw validationFailed(errors);
    return prepared;
  }

  /**
   * Writes prepared values in the caller's transaction. The values of fields that are not the
   * category's go (the product moved to another category); the searched words follow.
   */
  async writeProductSpecs(trx: Db, productId: number, categoryId: number, prepared: PreparedSpecs | undefined): Promise<void> {
    if (prepared?.brandId !== undefined) await sq.setBrand(trx, productId, prepared.brandId);
    if (prepared) {
      await sq.clearSpecs(trx, productId, [...prepared.clear, ...prepared.set.map((item) => item.fieldId)]);
      await sq.insertSpecs(
        trx,
        prepared.set.map((item) => ({
          product_id: productId,
          field_id: item.fieldId,
          value: item.value,
          value_number: item.valueNumber,
        })),
      );
    }
    await sq.clearSpecsOutside(trx, productId, categoryId);
    await this.refreshWords(trx, [productId]);
  }

  /** PUT /api/products/:id/specs: a live product's brand and values. */
  async updateProductSpecs(productId: number, input: { brand?: string | null; specs?: SpecValues }, actor?: Actor): Promise<void> {
    const product = await liveProductRow(this.db, productId);
    if (!product) throw notFound(CATALOG_MESSAGES.productNotFound);
    const prepared = await this.prepareProductSpecs(product.category_id, input);
    await this.write(async (trx) => {
      const current = await liveProductRow(trx, productId);
      if (!current) throw notFound(CATALOG_MESSAGES.productNotFound);
      // Moved to another category in between: its values are checked again against that one's fields.
      const checked =
        current.category_id === product.category_id ? prepared : await this.prepareProductSpecs(current.category_id, input, trx);
      const before = actor ? await this.auditSnapshot(trx, productId) : {};
      await this.writeProductSpecs(trx, productId, current.category_id, checked);
      if (actor) {
        const changes = changedFields(before, await this.auditSnapshot(trx, productId));
        const now = isoNow(this.ctx.clock);
        if (Object.keys(changes).length > 0) {
          await this.audit(trx, actor, 'product.specs', 'product', productId, current.name, changes, now);
        }
      }
    });
  }

  /**
   * What the audit log records of a product's brand and values: the brand's name and the values
   * as one readable line ("RAM: 16 GB; Storage: 512 GB"); the product edit records them too.
   */
  async auditSnapshot(db: Db, productId: number): Promise<Record<string, AuditValue>> {
    const { brand, specs } = await sq.brandAndSpecsOf(db, productId);
    return { brand, specs: specs.map((spec) => `${spec.name}: ${spec.value}`).join('; ') || null };
  }

  private async audit(
    trx: Db,
    actor: Actor,
    action: 'brand.create' | 'brand.rename' | 'brand.delete' | 'product.specs',
    entityType: 'brand' | 'product',
    entityId: number,
    summary: string,
    changes: Record<string, [AuditValue, AuditValue]>,
    at: string,
  ): Promise<void> {
    await recordAudit(trx, { adminId: actor.adminId, action, entityType, entityId, summary, changes, at });
  }

  /** A field's entry: summary "Laptops › RAM", changes from the row before (none: created) to the row now (none: deleted). */
  private async auditField(
    trx: Db,
    actor: Actor,
    action: 'specField.create' | 'specField.update' | 'specField.delete',
    before: sq.SpecFieldRow | undefined,
    id: number,
    at: string,
  ): Promise<void> {
    const after = action === 'specField.delete' ? undefined : await sq.liveField(trx, id);
    const row = after ?? before;
    if (!row) return;
    const changes = changedFields(fieldSnapshot(before), fieldSnapshot(after));
    if (Object.keys(changes).length === 0) return;
    const summary = `${await sq.categoryNameOf(trx, row.category_id)} › ${row.name}`;
    await recordAudit(trx, { adminId: actor.adminId, action, entityType: 'specField', entityId: id, summary, changes, at });
  }

  /** Rewrites the searched words (spec_words) of some products from their brand and live values. */
  private async refreshWords(trx: Db, productIds: number[]): Promise<void> {
    for (let i = 0; i < productIds.length; i += WORDS_CHUNK) {
      const ids = productIds.slice(i, i + WORDS_CHUNK);
      const { brands, specs } = await sq.wordSources(trx, ids);
      const values = new Map<number, string[]>();
      for (const row of specs) {
        const id = Number(row.product_id);
        values.set(id, [...(values.get(id) ?? []), row.value]);
      }
      for (const row of brands) {
        const words = specWords(row.brand, values.get(Number(row.id)) ?? []);
        if (words !== row.spec_words) await sq.setSpecWords(trx, Number(row.id), words);
      }
    }
  }
}

/** What the audit log records of a spec field (nothing when there is none). */
function fieldSnapshot(row: sq.SpecFieldRow | undefined): Record<string, AuditValue> {
  if (!row) return {};
  const field = toSpecField(row);
  return {
    name: field.name,
    kind: field.kind,
    unit: field.unit,
    choices: field.choices?.join(', ') ?? null,
    isFilter: field.isFilter,
  };
}
