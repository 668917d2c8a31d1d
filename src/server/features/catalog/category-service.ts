import {
  CATALOG_MESSAGES,
  type Category,
  type ChildCategory,
  type ProductUpdate,
  type SubCategory,
  categoryKey,
} from '../../../shared/catalog.js';
import type { AppContext } from '../../context.js';
import { isoNow } from '../../lib/clock.js';
import { conflict, notFound } from '../../lib/errors.js';
import { type Actor, recordAudit } from '../audit/service.js';
import { categoryPath } from './audit-snapshot.js';
import * as cq from './category-queries.js';
import { validationFailed } from './product-input.js';
import { type Db, type ProductPatch, type ProductRow, catalogWrite } from './queries.js';

/**
 * The three-level category tree: read whole, nodes created and soft-deleted, and the
 * paths of products checked against it. CatalogService (service.ts) answers for it in its API.
 * With an `actor` (an admin's write) each create and delete is recorded in the audit log, in its
 * transaction, under the node's path of names ('Laptops › Gaming Laptops').
 */

const LEVEL_LABEL: Record<cq.CategoryLevel, string> = {
  categories: 'category',
  sub_categories: 'subcategory',
  child_categories: 'child category',
};

const AUDIT_TYPE = {
  categories: 'category',
  sub_categories: 'subcategory',
  child_categories: 'childCategory',
} as const satisfies Record<cq.CategoryLevel, string>;

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505';
}

export class CategoryService {
  constructor(private readonly ctx: AppContext) {}

  private get db() {
    return this.ctx.db;
  }

  /** Runs a catalogue write in a transaction that also bumps the catalogue version. */
  private write<T>(work: (trx: Db) => Promise<T>): Promise<T> {
    return catalogWrite(this.db, work);
  }

  private now(): string {
    return isoNow(this.ctx.clock);
  }

  async isEmpty(): Promise<boolean> {
    const row = await this.db.selectFrom('categories').select('id').limit(1).executeTakeFirst();
    return row === undefined;
  }

  async tree(): Promise<Category[]> {
    const { categories, subs, children } = await cq.loadTree(this.db);
    const childrenBySub = new Map<number, ChildCategory[]>();
    for (const child of children) {
      const list = childrenBySub.get(child.sub_category_id) ?? [];
      list.push({ id: child.id, name: child.name, ...nepali(child.name_ne) });
      childrenBySub.set(child.sub_category_id, list);
    }
    const subsByCategory = new Map<number, SubCategory[]>();
    for (const sub of subs) {
      const list = subsByCategory.get(sub.category_id) ?? [];
      list.push({ id: sub.id, name: sub.name, ...nepali(sub.name_ne), childCategories: childrenBySub.get(sub.id) ?? [] });
      subsByCategory.set(sub.category_id, list);
    }
    return categories.map((category) => ({
      id: category.id,
      name: category.name,
      ...nepali(category.name_ne),
      subCategories: subsByCategory.get(category.id) ?? [],
    }));
  }

  async createCategory(name: string, actor?: Actor, nameNe: string | null = null): Promise<{ category: Category }> {
    const clean = name.trim();
    const key = categoryKey(clean);
    const id = await this.insertUnique(
      () => cq.findByKey(this.db, 'categories', key),
      () =>
        this.write(async (trx) => {
          const now = this.now();
          const created = await cq.insertCategory(trx, clean, nameNe, key, now);
          await this.audit(trx, actor, 'categories', 'create', created, clean, now);
          return created;
        }),
      `A category named "${clean}" already exists`,
    );
    return { category: { id, name: clean, ...nepali(nameNe), subCategories: [] } };
  }

  async createSubCategory(categoryId: number, name: string, actor?: Actor, nameNe: string | null = null): Promise<SubCategory> {
    const category = await cq.findCategory(this.db, categoryId);
    if (!category) throw notFound('Category not found');
    const clean = name.trim();
    const key = categoryKey(clean);
    const id = await this.insertUnique(
      () => cq.findByKey(this.db, 'sub_categories', key, categoryId),
      () =>
        this.write(async (trx) => {
          const now = this.now();
          const created = await cq.insertSubCategory(trx, categoryId, clean, nameNe, key, now);
          await this.audit(trx, actor, 'sub_categories', 'create', created, clean, now, [category.name]);
          return created;
        }),
      `A subcategory named "${clean}" already exists in ${category.name}`,
    );
    return { id, name: clean, ...nepali(nameNe), childCategories: [] };
  }

  async createChildCategory(
    categoryId: number,
    subCategoryId: number,
    name: string,
    actor?: Actor,
    nameNe: string | null = null,
  ): Promise<ChildCategory> {
    const { category, sub } = await this.subIn(categoryId, subCategoryId);
    const clean = name.trim();
    const key = categoryKey(clean);
    const id = await this.insertUnique(
      () => cq.findByKey(this.db, 'child_categories', key, subCategoryId),
      () =>
        this.write(async (trx) => {
          const now = this.now();
          const created = await cq.insertChildCategory(trx, subCategoryId, clean, nameNe, key, now);
          await this.audit(trx, actor, 'child_categories', 'create', created, clean, now, [category.name, sub.name]);
          return created;
        }),
      `A child category named "${clean}" already exists in ${sub.name}`,
    );
    return { id, name: clean, ...nepali(nameNe) };
  }

  /**
   * Sets or clears the Nepali name of a live category (`path` of one id), subcategory (two) or
   * child category (three), each under its parent; answers the node without its children.
   */
  async setNepaliName(
    path: NodePath,
    nameNe: string | null,
    actor?: Actor,
  ): Promise<{ id: number; name: string; nameNe?: string }> {
    const node = await this.nodeAt(path);
    await this.write(async (trx) => {
      if (!(await cq.setNepaliName(trx, node.level, node.id, nameNe)))
        throw notFound(`The ${LEVEL_LABEL[node.level]} was not found`);
      if (actor && node.nameNe !== nameNe) {
        const entityType = AUDIT_TYPE[node.level];
        await recordAudit(trx, {
          adminId: actor.adminId,
          action: `${entityType}.rename`,
          entityType,
          entityId: node.id,
          summary: categoryPath(...node.parents, node.name),
          changes: { nameNe: [node.nameNe, nameNe] },
          at: this.now(),
        });
      }
    });
    return { id: node.id, name: node.name, ...nepali(nameNe) };
  }

  /** The live node at `path` (404 when any step is missing or under another parent). */
  private async nodeAt([categoryId, subId, childId]: NodePath) {
    if (subId === undefined) {
      const category = await cq.findCategory(this.db, categoryId);
      if (!category) throw notFound('Category not found');
      return { level: 'categories' as const, id: category.id, name: category.name, nameNe: category.name_ne, parents: [] };
    }
    const { category, sub } = await this.subIn(categoryId, subId);
    if (childId === undefined) {
      return { level: 'sub_categories' as const, id: sub.id, name: sub.name, nameNe: sub.name_ne, parents: [category.name] };
    }
    const child = await cq.findChildCategory(this.db, childId);
    if (!child || child.sub_category_id !== subId) throw notFound('Child category not found in this subcategory');
    return {
      level: 'child_categories' as const,
      id: child.id,
      name: child.name,
      nameNe: child.name_ne,
      parents: [category.name, sub.name],
    };
  }

  async deleteCategory(categoryId: number, actor?: Actor): Promise<{ message: string }> {
    const category = await cq.findCategory(this.db, categoryId);
    if (!category) throw notFound('Category not found');
    await this.deleteNode(
      'categories',
      categoryId,
      category.name,
      await cq.countLiveSubCategories(this.db, categoryId),
      'subcategory',
      'subcategories',
      { actor, parents: [] },
    );
    return { message: CATALOG_MESSAGES.categoryDeleted };
  }

  async deleteSubCategory(categoryId: number, subCategoryId: number, actor?: Actor): Promise<{ message: string }> {
    const { category, sub } = await this.subIn(categoryId, subCategoryId);
    const children = await cq.countLiveChildCategories(this.db, subCategoryId);
    await this.deleteNode('sub_categories', subCategoryId, sub.name, children, 'child category', 'child categories', {
      actor,
      parents: [category.name],
    });
    return { message: CATALOG_MESSAGES.subCategoryDeleted };
  }

  async deleteChildCategory(
    categoryId: number,
    subCategoryId: number,
    childId: number,
    actor?: Actor,
  ): Promise<{ message: string }> {
    const { category, sub } = await this.subIn(categoryId, subCategoryId);
    const child = await cq.findChildCategory(this.db, childId);
    if (!child || child.sub_category_id !== subCategoryId) throw notFound('Child category not found in this subcategory');
    await this.deleteNode('child_categories', childId, child.name, 0, '', '', { actor, parents: [category.name, sub.name] });
    return { message: CATALOG_MESSAGES.childCategoryDeleted };
  }

  /** An audit entry for an admin's create or delete of a node (none for the seeders, which have no actor). */
  private async audit(
    trx: Db,
    actor: Actor | undefined,
    level: cq.CategoryLevel,
    verb: 'create' | 'delete',
    id: number,
    name: string,
    at: string,
    parents: string[] = [],
  ): Promise<void> {
    if (!actor) return;
    const entityType = AUDIT_TYPE[level];
    await recordAudit(trx, {
      adminId: actor.adminId,
      action: `${entityType}.${verb}`,
      entityType,
      entityId: id,
      summary: categoryPath(...parents, name),
      changes: { name: verb === 'create' ? [null, name] : [name, null] },
      at,
    });
  }

  /** Soft-deletes a node that has no live children and no live products (409 saying why otherwise). */
  private async deleteNode(
    level: cq.CategoryLevel,
    id: number,
    name: string,
    children: number,
    one: string,
    many: string,
    by: { actor: Actor | undefined; parents: string[] },
  ) {
    const products = await cq.countLiveProductsIn(this.db, level, id);
    const label = LEVEL_LABEL[level];
    if (children > 0 || products > 0) {
      const has = [children > 0 ? plural(children, one, many) : '', products > 0 ? plural(products, 'product') : '']
        .filter(Boolean)
        .join(' and ');
      const fix =
        children > 0 && products > 0
          ? `Remove its ${many} and delete or move its products first.`
          : children > 0
            ? `Remove its ${many} first.`
            : `Delete those products or move them to another ${label} first.`;
      throw conflict(`Cannot delete the ${label} "${name}": it still has ${has}. ${fix}`, { children, products });
    }
    const deleted = await this.write(async (trx) => {
      const now = this.now();
      if (!(await cq.softDeleteNode(trx, level, id, now))) return false;
      await this.audit(trx, by.actor, level, 'delete', id, name, now, by.parents);
      return true;
    });
    if (!deleted) throw notFound(`The ${label} was not found`);
  }

  /** The live subcategory `subId` of live category `categoryId`; 404 when either is missing or the path is wrong. */
  private async subIn(categoryId: number, subId: number) {
    const category = await cq.findCategory(this.db, categoryId);
    if (!category) throw notFound('Category not found');
    const sub = await cq.findSubCategory(this.db, subId);
    if (!sub || sub.category_id !== categoryId) throw notFound('Subcategory not found in this category');
    return { category, sub };
  }

  private async insertUnique(existing: () => Promise<unknown>, insert: () => Promise<number>, message: string): Promise<number> {
    if (await existing()) throw conflict(message);
    try {
      return await insert();
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(message);
      throw error;
    }
  }

  // -------------------------------------------------------------------------------------------
  // Paths of products

  /**
   * The category path named by the form: category by name (the original API's form) or id, subcategory
   * within it, child category within that. 400 with the field that does not match.
   */
  async resolvePath(category: string, subCategory?: string, childCategory?: string) {
    const cat = await this.resolveNode('categories', category);
    if (!cat) throw validationFailed({ category: `Category "${category}" does not exist` });
    if (childCategory !== undefined && subCategory === undefined) {
      throw validationFailed({ childCategory: 'Choose a subcategory before a child category' });
    }
    let sub: cq.NodeRow | undefined;
    if (subCategory !== undefined) {
      sub = await this.resolveNode('sub_categories', subCategory, cat.id);
      if (!sub) throw validationFailed({ subCategory: `Subcategory "${subCategory}" does not exist in ${cat.name}` });
    }
    let child: cq.NodeRow | undefined;
    if (childCategory !== undefined && sub) {
      child = await this.resolveNode('child_categories', childCategory, sub.id);
      if (!child) throw validationFailed({ childCategory: `Child category "${childCategory}" does not exist in ${sub.name}` });
    }
    return { categoryId: cat.id, subCategoryId: sub?.id ?? null, childCategoryId: child?.id ?? null };
  }

  /** A node by name (compared by key) or, failing that, by numeric id — under the given parent. */
  async resolveNode(level: cq.CategoryLevel, value: string, parentId?: number): Promise<cq.NodeRow | undefined> {
    const byName = await cq.findByKey(this.db, level, categoryKey(value), parentId);
    if (byName) return byName;
    if (!/^\d{1,10}$/.test(value)) return undefined;
    const id = Number(value);
    if (level === 'categories') {
      const row = await cq.findCategory(this.db, id);
      return row && { ...row, parent_id: null };
    }
    if (level === 'sub_categories') {
      const row = await cq.findSubCategory(this.db, id);
      return row && row.category_id === parentId ? { id: row.id, name: row.name, parent_id: row.category_id } : undefined;
    }
    const row = await cq.findChildCategory(this.db, id);
    return row && row.sub_category_id === parentId ? { id: row.id, name: row.name, parent_id: row.sub_category_id } : undefined;
  }

  /** The ids form one live path of the tree (400 otherwise). */
  async assertPath(categoryId: number, subId: number | null, childId: number | null, db: Db = this.db): Promise<void> {
    if (!(await cq.findCategory(db, categoryId))) throw validationFailed({ category: 'Category does not exist' });
    if (subId !== null) {
      const sub = await cq.findSubCategory(db, subId);
      if (!sub || sub.category_id !== categoryId)
        throw validationFailed({ subCategory: 'Subcategory does not exist in that category' });
    }
    if (childId !== null) {
      const child = await cq.findChildCategory(db, childId);
      if (subId === null || !child || child.sub_category_id !== subId) {
        throw validationFailed({ childCategory: 'Child category does not exist in that subcategory' });
      }
    }
  }

  /** The category columns an update changes (see productUpdateSchema). */
  async pathChange(current: ProductRow, update: ProductUpdate): Promise<ProductPatch> {
    if (update.category !== undefined) {
      const where = await this.resolvePath(update.category, update.subCategory || undefined, update.childCategory || undefined);
      return { category_id: where.categoryId, sub_category_id: where.subCategoryId, child_category_id: where.childCategoryId };
    }
    const patch: ProductPatch = {};
    let subId = current.sub_category_id;
    if (update.subCategory !== undefined) {
      if (update.subCategory === '') {
        subId = null;
      } else {
        const sub = await this.resolveNode('sub_categories', update.subCategory, current.category_id);
        if (!sub)
          throw validationFailed({
            subCategory: `Subcategory "${update.subCategory}" does not exist in ${current.category_name}`,
          });
        subId = sub.id;
      }
      patch.sub_category_id = subId;
      if (subId !== current.sub_category_id) patch.child_category_id = null;
    }
    if (update.childCategory !== undefined) {
      if (update.childCategory === '') {
        patch.child_category_id = null;
      } else {
        if (subId === null) throw validationFailed({ childCategory: 'Choose a subcategory before a child category' });
        const child = await this.resolveNode('child_categories', update.childCategory, subId);
        if (!child)
          throw validationFailed({
            childCategory: `Child category "${update.childCategory}" does not exist in that subcategory`,
          });
        patch.child_category_id = child.id;
      }
    }
    return patch;
  }
}

/** A category node's ids from the top: [category], [category, sub] or [category, sub, child]. */
export type NodePath = [categoryId: number, subId?: number, childId?: number];

/** The answer's `nameNe`, present only when the node has one. */
function nepali(nameNe: string | null): { nameNe?: string } {
  return nameNe === null ? {} : { nameNe };
}
