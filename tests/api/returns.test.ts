import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditPage } from '../../src/shared/audit.js';
import type { OrderDetail } from '../../src/shared/orders.js';
import type { AdminReturn, Return, ReturnsOfOrder } from '../../src/shared/returns.js';
import { type TestApp, buildTestApp } from '../helpers/app.js';
import { adminToken, multipart, pngFile } from '../helpers/catalog.js';
import { orderItemRow, orderRow } from '../helpers/order-rows.js';
import { type TestProduct, type TestShopper, bearer, makeProduct, makeShopper } from '../helpers/orders.js';
import { addTestVariants, variantStockOf } from '../helpers/variants.js';

const DAY = 24 * 60 * 60 * 1000;

/** A captured mail's text part: base64 (as non-ASCII mails are sent) decoded, else as it came. */
function bodyOf(raw: string): string {
  const [head = '', body = ''] =
    raw.split(/\r?\n\r?\n/, 2).length === 2
      ? [raw.slice(0, raw.search(/\r?\n\r?\n/)), raw.slice(raw.search(/\r?\n\r?\n/)).trim()]
      : [raw, ''];
  return /Content-Transfer-Encoding: base64/i.test(head) ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8') : raw;
}

/**
 * Returns: a delivered order's units within the window, once; the admin's steps from request to
 * refund or replacement with stock, history, mail and audit following; parallel requests for the
 * same units; bad input a clear 4xx, nothing half written.
 */
describe('returns', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await buildTestApp();
    admin = await adminToken(t);
  });
  afterAll(async () => t.close());

  /** A delivered order (history says when) of `quantity` units of each product, their stock held by it. */
  async function order(
    shopper: TestShopper,
    lines: { product: TestProduct; quantity: number; variantId?: number; variantLabel?: string; discountPaisa?: number }[],
    options: { status?: 'delivered' | 'shipped'; paymentMethod?: string; paymentStatus?: string; deliveredAgoMs?: number } = {},
  ): Promise<{ id: string; items: number[] }> {
    const id = `ORD-T${crypto.randomBytes(5).toString('hex').toUpperCase()}`;
    const at = new Date(t.clock.now().getTime() - (options.deliveredAgoMs ?? DAY)).toISOString();
    const total = lines.reduce((sum, line) => sum + line.product.pricePaisa * line.quantity, 0);
    const db = t.app.ctx.db;
    await db
      .insertInto('orders')
      .values(
        orderRow({
          id,
          user_id: shopper.userId,
          status: options.status ?? 'delivered',
          total_paisa: total,
          subtotal_paisa: total,
          payment_method: options.paymentMethod ?? 'cod',
          payment_status: options.paymentStatus ?? 'paid',
          full_name: 'Sita Sharma',
          created_at: at,
        }),
      )
      .execute();
    const items: number[] = [];
    for (const line of lines) {
      const row = await db
        .insertInto('order_items')
        .values(
          orderItemRow(id, line.product, {
            quantity: line.quantity,
            stock_reserved: line.quantity,
            variant_id: line.variantId ?? null,
            variant_label: line.variantLabel ?? null,
            discount_paisa: line.discountPaisa ?? 0,
          }),
        )
        .returning('id')
        .executeTakeFirstOrThrow();
      items.push(row.id);
    }
    if ((options.status ?? 'delivered') === 'delivered') {
      await db
        .insertInto('order_status_history')
        .values({
          order_id: id,
          admin_id: null,
          from_status: 'shipped',
          to_status: 'delivered',
          changed_at: at,
          kind: 'status',
          note: null,
        })
        .execute();
    }
    return { id, items };
  }

  const request = (shopper: TestShopper, orderId: string, payload: unknown, userId = shopper.userId) =>
    t.app.inject({
      method: 'POST',
      url: `/api/orders/user/${userId}/order/${orderId}/returns`,
      headers: bearer(shopper.token),
      payload: payload as object,
    });
  const step = (id: number, action: string, payload?: object, locale?: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/returns/${id}/${action}`,
      headers: { ...bearer(admin), ...(locale ? { 'accept-language': locale } : {}) },
      ...(payload ? { payload } : {}),
    });
  /** The shopper's mail whose text says `words` (waits for it); its decoded text. */
  async function mailSaying(to: string, words: string): Promise<string> {
    for (let tries = 0; tries < 100; tries += 1) {
      const found = t.mail.messages
        .filter((m) => m.to.includes(to))
        .map((m) => `${m.text}\n${bodyOf(m.raw)}`)
        .find((text) => text.includes(words));
      if (found) return found;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(
      `no mail to ${to} saying ${words}: ${t.mail.messages
        .filter((m) => m.to.includes(to))
        .map((m) => m.text)
        .join('\n----\n')}`,
    );
  }
  const stockOf = async (productId: number) =>
    (await t.app.ctx.db.selectFrom('products').select('stock').where('id', '=', productId).executeTakeFirstOrThrow()).stock;
  const returnCount = async (orderId: string) =>
    Number(
      (
        await t.app.ctx.db
          .selectFrom('returns')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('order_id', '=', orderId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('a shopper returns part of a delivered order; the admin takes it from request to refund, with stock, history, mail and audit', async () => {
    const phone = await makeProduct(t, { price: 20000, stock: 5 });
    const cable = await makeProduct(t, { price: 500, stock: 5 });
    const shopper = await makeShopper(t);
    const { id, items } = await order(
      shopper,
      [
        { product: phone, quantity: 2, discountPaisa: 200000 },
        { product: cable, quantity: 1 },
      ],
      { paymentMethod: 'esewa', paymentStatus: 'paid' },
    );
    const since = t.mail.messages.length;
    const res = await request(shopper, id, {
      items: [{ orderItemId: items[0], quantity: 1 }],
      reason: 'damaged',
      note: ' Screen cracked ',
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json<{ return: Return }>().return;
    expect(created).toMatchObject({
      orderId: id,
      status: 'requested',
      reason: 'damaged',
      note: 'Screen cracked',
      // Rs. 20,000 less half the line's Rs. 2,000 coupon share.
      refundAmount: 19000,
      items: [{ orderItemId: items[0], productId: phone.id, quantity: 1, price: 20000 }],
      photos: [],
      decisionNote: null,
    });
    const mail = await t.mail.waitFor(shopper.email, { since });
    expect(mail.subject).toContain(`return #${created.id}`);

    // The shopper's view: what each line may still return, and until when.
    const view = await t.app.inject({
      method: 'GET',
      url: `/api/orders/user/${shopper.userId}/order/${id}/returns`,
      headers: bearer(shopper.token),
    });
    expect(view.statusCode).toBe(200);
    const seen = view.json<ReturnsOfOrder>();
    expect(seen.returns.map((r) => r.id)).toEqual([created.id]);
    expect(seen.lines.map((line) => [line.orderItemId, line.bought, line.left])).toEqual([
      [items[0], 2, 1],
      [items[1], 1, 1],
    ]);
    expect(Date.parse(seen.lines[0]!.until!) - Date.parse(seen.deliveredAt!)).toBe(7 * DAY);

    // Receiving before approval is the wrong step.
    expect((await step(created.id, 'receive')).statusCode).toBe(409);
    expect((await step(created.id, 'approve')).json<{ return: AdminReturn }>().return.status).toBe('approved');
    expect((await step(created.id, 'approve')).statusCode).toBe(409);
    const stockBefore = await stockOf(phone.id);
    expect((await step(created.id, 'receive')).json<{ return: AdminReturn }>().return.status).toBe('received');
    expect(await stockOf(phone.id)).toBe(stockBefore! + 1);
    const line = await t.app.ctx.db
      .selectFrom('order_items')
      .select('stock_reserved')
      .where('id', '=', items[0]!)
      .executeTakeFirstOrThrow();
    expect(line.stock_reserved).toBe(1);
    // Paid online: the refund is due until the admin marks it made.
    const settled = await step(created.id, 'settle', { settlement: 'refund' });
    expect(settled.json<{ return: AdminReturn }>().return).toMatchObject({
      status: 'refund_due',
      customerEmail: shopper.email,
      paymentMethod: 'esewa',
    });
    const refunded = await step(created.id, 'refunded');
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json<{ return: AdminReturn }>().return.status).toBe('refunded');
    expect((await step(created.id, 'refunded')).statusCode).toBe(409);

    // Each step in the order's history, by whom.
    const detail = await t.app.inject({ method: 'GET', url: `/api/orders/${id}`, headers: bearer(admin) });
    const history = detail.json<{ order: OrderDetail }>().order.history.filter((entry) => entry.kind === 'return');
    expect(history.map((entry) => [entry.to, entry.by, entry.note])).toEqual([
      ['requested', 'shopper', `Return #${created.id}`],
      ['approved', 'admin', `Return #${created.id}`],
      ['received', 'admin', `Return #${created.id}`],
      ['refund_due', 'admin', `Return #${created.id}`],
      ['refunded', 'admin', `Return #${created.id}`],
    ]);
    // And in the audit log, the refund's amount with it.
    const audit = await t.app.inject({
      method: 'GET',
      url: `/api/admin/audit?entityType=return&entityId=${created.id}`,
      headers: bearer(admin),
    });
    const entries = audit.json<AuditPage>().entries;
    expect(entries.map((entry) => entry.action).reverse()).toEqual([
      'return.approve',
      'return.receive',
      'return.settle',
      'return.refunded',
    ]);
    expect(entries.find((entry) => entry.action === 'return.settle')?.changes).toEqual({
      status: ['received', 'refund_due'],
      refund: [null, 19000],
    });
    // Every step was mailed: the request and the admin's four.
    await mailSaying(shopper.email, 'Your refund of Rs. 19,000 has been made.');
    await t.mail.waitForCount(since + 5);
    expect(t.mail.messages.slice(since).filter((m) => m.to.includes(shopper.email))).toHaveLength(5);

    // The admin's list, filtered by status.
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/returns?status=refunded', headers: bearer(admin) });
    expect(list.json<{ returns: AdminReturn[] }>().returns.some((r) => r.id === created.id)).toBe(true);
  });

  it('the same units twice are refused; a rejection (with its reason, mailed in Nepali) gives them back', async () => {
    const product = await makeProduct(t, { stock: 3 });
    const shopper = await makeShopper(t);
    await t.app.ctx.db.updateTable('users').set({ language: 'ne' }).where('id', '=', shopper.userId).execute();
    const { id, items } = await order(shopper, [{ product, quantity: 2 }]);
    const request2 = { items: [{ orderItemId: items[0], quantity: 2 }], reason: 'wrong_item' };
    expect((await request(shopper, id, request2)).statusCode).toBe(201);
    const twice = await request(shopper, id, request2);
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toBe(`Only 0 of ${product.name} can still be returned`);
    const first = (
      await t.app.inject({
        method: 'GET',
        url: `/api/orders/user/${shopper.userId}/order/${id}/returns`,
        headers: bearer(shopper.token),
      })
    ).json<ReturnsOfOrder>().returns[0]!;
    expect((await step(first.id, 'reject', { reason: 'x' })).statusCode).toBe(400);
    const rejected = await step(first.id, 'reject', { reason: 'Seal was broken by the shopper' });
    expect(rejected.json<{ return: AdminReturn }>().return).toMatchObject({
      status: 'rejected',
      decisionNote: 'Seal was broken by the shopper',
    });
    const body = await mailSaying(shopper.email, 'माफ गर्नुहोस्, तपाईंको फिर्ता स्वीकार गरिएन।');
    expect(body).toContain('कारण: Seal was broken by the shopper');
    // The units are free again.
    expect((await request(shopper, id, { ...request2, items: [{ orderItemId: items[0], quantity: 1 }] })).statusCode).toBe(201);
  });

  it('settled by replacement, the units leave stock again, per variant; with none left it is 409 and nothing moves', async () => {
    const product = await makeProduct(t, { stock: null });
    const [black, white] = await addTestVariants(t.app.ctx.db, product.id, {
      options: [{ name: 'Colour', values: ['Black', 'White'] }],
      variants: [
        { values: ['Black'], price: 1500, stock: 4 },
        { values: ['White'], price: 1500, stock: 4 },
      ],
    });
    const shopper = await makeShopper(t);
    const { id, items } = await order(shopper, [
      { product, quantity: 1, variantId: black!.id, variantLabel: 'Black' },
      { product, quantity: 1, variantId: white!.id, variantLabel: 'White' },
    ]);
    const one = (
      await request(shopper, id, { items: [{ orderItemId: items[0], quantity: 1 }], reason: 'not_as_described' })
    ).json<{ return: Return }>().return;
    await step(one.id, 'approve');
    await step(one.id, 'receive');
    expect(await variantStockOf(t.app.ctx.db, black!.id)).toBe(5);
    expect(await variantStockOf(t.app.ctx.db, white!.id)).toBe(4);
    expect(await stockOf(product.id)).toBe(9);
    const replaced = await step(one.id, 'settle', { settlement: 'replacement' });
    expect(replaced.json<{ return: AdminReturn }>().return.status).toBe('replaced');
    expect(await variantStockOf(t.app.ctx.db, black!.id)).toBe(4);
    expect(await stockOf(product.id)).toBe(8);

    const two = (await request(shopper, id, { items: [{ orderItemId: items[1], quantity: 1 }], reason: 'damaged' })).json<{
      return: Return;
    }>().return;
    await step(two.id, 'approve');
    await step(two.id, 'receive');
    await t.app.ctx.db.updateTable('product_variants').set({ stock: 0 }).where('id', '=', white!.id).execute();
    const none = await step(two.id, 'settle', { settlement: 'replacement' }, 'ne');
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toContain('स्टकमा छैन');
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/admin/returns/${two.id}`, headers: bearer(admin) })).json<{
        return: AdminReturn;
      }>().return.status,
    ).toBe('received');
    // A cash order that was never paid: nothing to give back, settled at once.
    const cod = await makeShopper(t);
    const unpaid = await order(cod, [{ product: await makeProduct(t), quantity: 1 }], { paymentStatus: 'unpaid' });
    const three = (
      await request(cod, unpaid.id, { items: [{ orderItemId: unpaid.items[0], quantity: 1 }], reason: 'other' })
    ).json<{ return: Return }>().return;
    await step(three.id, 'approve');
    await step(three.id, 'receive');
    expect((await step(three.id, 'settle', { settlement: 'refund' })).json<{ return: AdminReturn }>().return.status).toBe(
      'refunded',
    );
  });

  it('before delivery, after the window, or for a category without returns: 409; a category may set its own days', async () => {
    const product = await makeProduct(t, { category: 'Returns Window Phones' });
    const shopper = await makeShopper(t);
    const shipped = await order(shopper, [{ product, quantity: 1 }], { status: 'shipped' });
    const body = (items: number[]) => ({ items: [{ orderItemId: items[0], quantity: 1 }], reason: 'damaged' });
    const early = await request(shopper, shipped.id, body(shipped.items));
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('A return can be asked for once the order has been delivered');
    const late = await order(shopper, [{ product, quantity: 1 }], { deliveredAgoMs: 8 * DAY });
    const closed = await request(shopper, late.id, body(late.items));
    expect(closed.statusCode).toBe(409);
    expect(closed.json().message).toBe('The time to return this order has passed');
    // The owner gives the category its own 10 days: it goes through; 0 days: its goods are not returned.
    const categoryId = (
      await t.app.ctx.db.selectFrom('products').select('category_id').where('id', '=', product.id).executeTakeFirstOrThrow()
    ).category_id;
    const setDays = (returnDays: unknown, id: number = categoryId) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/admin/returns/categories/${id}`,
        headers: bearer(admin),
        payload: { returnDays },
      });
    const readDays = async (id: number = categoryId) =>
      t.app.inject({ method: 'GET', url: `/api/admin/returns/categories/${id}`, headers: bearer(admin) });
    // The test shop's RETURN_DAYS is 7; the category has no window of its own yet.
    expect((await readDays()).json()).toEqual({ categoryId, returnDays: null, shopReturnDays: 7 });
    expect((await setDays(10)).json()).toEqual({ categoryId, returnDays: 10 });
    expect((await readDays()).json()).toEqual({ categoryId, returnDays: 10, shopReturnDays: 7 });
    expect((await readDays(99999999)).statusCode).toBe(404);
    expect((await request(shopper, late.id, body(late.items))).statusCode).toBe(201);
    for (const bad of [-1, 366, 1.5, 'ten']) expect((await setDays(bad)).statusCode).toBe(400);
    expect((await setDays(5, 99999999)).statusCode).toBe(404);
    expect((await setDays(0)).statusCode).toBe(200);
    const audit = await t.app.inject({
      method: 'GET',
      url: `/api/admin/audit?entityType=category&entityId=${categoryId}`,
      headers: bearer(admin),
    });
    const changes = audit
      .json<AuditPage>()
      .entries.filter((e) => e.action === 'category.returnDays')
      .map((e) => e.changes.returnDays);
    expect(changes).toEqual([
      [10, 0],
      [null, 10],
    ]);
    const fresh = await order(shopper, [{ product, quantity: 1 }]);
    const never = await request(shopper, fresh.id, body(fresh.items));
    expect(never.statusCode).toBe(409);
    expect(never.json().message).toBe(`${product.name} cannot be returned`);
    expect(await returnCount(fresh.id)).toBe(0);
  });

  it('bad input: another shopper’s order, 0, more than bought, a line of another order, a bad reason: 4xx and nothing written', async () => {
    const product = await makeProduct(t);
    const shopper = await makeShopper(t);
    const other = await makeShopper(t);
    const { id, items } = await order(shopper, [{ product, quantity: 2 }]);
    const elsewhere = await order(other, [{ product, quantity: 1 }]);
    const good = { items: [{ orderItemId: items[0], quantity: 1 }], reason: 'damaged' };
    // Another shopper's order: their own id is 404 (as a missing order), the owner's id 403.
    expect((await request(other, id, good)).statusCode).toBe(404);
    expect((await request(other, id, good, shopper.userId)).statusCode).toBe(403);
    for (const [payload, message] of [
      [{ ...good, items: [{ orderItemId: items[0], quantity: 0 }] }, 'Quantity must be a whole number of 1 or more'],
      [{ ...good, items: [] }, 'Choose at least one item to return'],
      [{ ...good, items: [{ orderItemId: items[0], quantity: 3 }] }, `Only 2 of ${product.name} can still be returned`],
      [{ ...good, items: [{ orderItemId: elsewhere.items[0], quantity: 1 }] }, 'That item is not in this order'],
      [{ ...good, reason: 'bored' }, 'Reason must be one of damaged, wrong_item, not_as_described, other'],
      [{ ...good, note: 'x'.repeat(1001) }, 'Note must be at most 1,000 characters'],
      [{ ...good, items: [good.items[0], good.items[0]] }, 'Each item may be listed once'],
    ] as const) {
      const res = await request(shopper, id, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(res.body).toContain(message);
    }
    // In Nepali too.
    const ne = await t.app.inject({
      method: 'POST',
      url: `/api/orders/user/${shopper.userId}/order/${id}/returns`,
      headers: { ...bearer(shopper.token), 'accept-language': 'ne' },
      payload: { ...good, items: [{ orderItemId: items[0], quantity: 3 }] },
    });
    expect(ne.json().message).toBe(`${product.name} अब २ वटा मात्र फिर्ता गर्न सकिन्छ`);
    expect(await returnCount(id)).toBe(0);
    // The admin's routes: a shopper is refused before the body is read; a missing return is 404.
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/returns', headers: bearer(shopper.token) })).statusCode).toBe(
      403,
    );
    expect((await step(999999, 'approve')).statusCode).toBe(404);
    expect((await step(1, 'settle', { settlement: 'cash' })).statusCode).toBe(400);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/returns?status=lost', headers: bearer(admin) })).statusCode,
    ).toBe(400);
  });

  it('up to 3 photos through the image pipeline while the return waits; more, or later, is refused', async () => {
    const product = await makeProduct(t);
    const shopper = await makeShopper(t);
    const { id, items } = await order(shopper, [{ product, quantity: 1 }]);
    const created = (await request(shopper, id, { items: [{ orderItemId: items[0], quantity: 1 }], reason: 'damaged' })).json<{
      return: Return;
    }>().return;
    const put = async (count: number) => {
      const files = await Promise.all(
        Array.from({ length: count }, async (_, i) => ({ ...(await pngFile(`p${i}.png`)), field: 'photos' })),
      );
      const form = await multipart({}, files);
      return t.app.inject({
        method: 'PUT',
        url: `/api/orders/user/${shopper.userId}/order/${id}/returns/${created.id}/photos`,
        headers: { ...bearer(shopper.token), ...form.headers },
        payload: form.payload,
      });
    };
    const two = await put(2);
    expect(two.statusCode, two.body).toBe(200);
    const photos = two.json<{ return: Return }>().return.photos;
    expect(photos).toHaveLength(2);
    for (const address of photos) expect(address).toMatch(/^\/uploads\/products\/[0-9a-f]{32}-\d+\.webp$/);
    const four = await put(4);
    expect(four.statusCode).toBe(400);
    expect(four.json().message).toBe('A return can have at most 3 photos');
    // A file input with nothing chosen sends an empty part: skipped, so the photo beside it is kept;
    // a part that has bytes but is not an image is still refused.
    const send = async (files: { name: string; type?: string; data: Buffer; field: string }[]) => {
      const form = await multipart({}, files);
      return t.app.inject({
        method: 'PUT',
        url: `/api/orders/user/${shopper.userId}/order/${id}/returns/${created.id}/photos`,
        headers: { ...bearer(shopper.token), ...form.headers },
        payload: form.payload,
      });
    };
    const nothingChosen = { name: '', type: 'application/octet-stream', data: Buffer.alloc(0), field: 'photos' };
    const withEmpty = await send([{ ...(await pngFile()), field: 'photos' }, nothingChosen]);
    expect(withEmpty.statusCode, withEmpty.body).toBe(200);
    expect(withEmpty.json<{ return: Return }>().return.photos).toHaveLength(1);
    const text = await send([{ name: 'note.txt', type: 'text/plain', data: Buffer.from('not a picture'), field: 'photos' }]);
    expect(text.statusCode).toBe(415);
    // Another shopper cannot add photos to it.
    const other = await makeShopper(t);
    const form = await multipart({}, [{ ...(await pngFile()), field: 'photos' }]);
    const theirs = await t.app.inject({
      method: 'PUT',
      url: `/api/orders/user/${other.userId}/order/${id}/returns/${created.id}/photos`,
      headers: { ...bearer(other.token), ...form.headers },
      payload: form.payload,
    });
    expect(theirs.statusCode).toBe(404);
    await step(created.id, 'approve');
    expect((await put(1)).statusCode).toBe(409);
  });

  it('parallel requests for the same units: exactly one is accepted', async () => {
    const product = await makeProduct(t);
    const shopper = await makeShopper(t);
    const { id, items } = await order(shopper, [{ product, quantity: 2 }]);
    const body = { items: [{ orderItemId: items[0], quantity: 2 }], reason: 'damaged' };
    const answers = await Promise.all(Array.from({ length: 6 }, () => request(shopper, id, body)));
    const codes = answers.map((res) => res.statusCode).sort();
    expect(codes).toEqual([201, 400, 400, 400, 400, 400]);
    expect(await returnCount(id)).toBe(1);
    const held = await t.app.ctx.db
      .selectFrom('order_items')
      .select('returned_quantity')
      .where('id', '=', items[0]!)
      .executeTakeFirstOrThrow();
    expect(held.returned_quantity).toBe(2);
  });

  it('parallel admin steps on one return: one receive, the stock back once', async () => {
    const product = await makeProduct(t, { stock: 5 });
    const shopper = await makeShopper(t);
    const { id, items } = await order(shopper, [{ product, quantity: 1 }]);
    const created = (await request(shopper, id, { items: [{ orderItemId: items[0], quantity: 1 }], reason: 'damaged' })).json<{
      return: Return;
    }>().return;
    await step(created.id, 'approve');
    const answers = await Promise.all(Array.from({ length: 4 }, () => step(created.id, 'receive')));
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409, 409, 409]);
    expect(await stockOf(product.id)).toBe(6);
  });
});
