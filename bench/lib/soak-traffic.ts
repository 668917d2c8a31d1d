import { categoryParam } from '../../src/shared/catalog.js';
import { type CartItem, cartTotal } from '../../src/shared/cart.js';
import type { CreateOrderResponse } from '../../src/shared/orders.js';
import type { PaymentRedirect } from '../../src/shared/payments.js';
import type { CatalogFacts } from './seed.js';
import type { Answer, SoakClient } from './soak-http.js';

/**
 * What a sale day's visitors do, one action at a time, drawn by weight: about 85 % browsing and
 * search, 10 % cart, 4 % checkout (cash on delivery, eSewa and Khalti through the payment
 * sandbox, walked as the shopper's browser walks it), 1 % admin. An action is one or more requests;
 * each request is recorded under its own kind.
 */

export interface Shopper {
  userId: number;
  token: string;
}

export interface SoakWorld {
  facts: CatalogFacts;
  /** The products carts and checkouts draw from: few enough that their stock runs low and races. */
  pool: number[];
  shoppers: Shopper[];
  adminToken: string;
  /** Online payments that came back to the shop paid: the orders the database must hold as paid. */
  landedPaid: number;
}

const PAGE_SIZE = 24;
const SORTS = ['newest', 'price_asc', 'price_desc', 'name'] as const;
const rand = (n: number) => Math.floor(Math.random() * n);
const pick = <T>(list: readonly T[]): T => list[rand(list.length)]!;
const list = (params: Record<string, string | number | undefined>) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined) search.set(key, String(value));
  return `/api/products?${search.toString()}`;
};

/** A delivery address in the shape of the checkout form. */
const ADDRESS = {
  fullName: 'Bench Shopper',
  phone: '9841000000',
  province: 'Bagmati',
  district: 'Kathmandu',
  city: 'Kathmandu Metropolitan City',
  address: 'New Road 1',
};

type Action = (client: SoakClient, world: SoakWorld, shoppers: ShopperLease) => Promise<void>;

/** Weights in per mille; their groups are what the soak's mix is stated in. */
export const MIX: { name: string; group: 'browse' | 'cart' | 'checkout' | 'admin'; weight: number; run: Action }[] = [
  {
    name: 'product by id',
    group: 'browse',
    weight: 300,
    run: (c, w) => get(c, 'product', `/api/products/${pick(w.facts.productIds)}`),
  },
  {
    name: 'products, any sort and page',
    group: 'browse',
    weight: 170,
    run: (c) => get(c, 'list', list({ sort: pick(SORTS), page: 1 + rand(40), pageSize: PAGE_SIZE })),
  },
  {
    name: 'category page',
    group: 'browse',
    weight: 130,
    run: (c, w) => {
      const p = pick(w.facts.paths);
      return get(
        c,
        'category',
        list({
          category: categoryParam(p.category),
          subcategory: p.subcategory && categoryParam(p.subcategory),
          childcategory: p.childcategory && categoryParam(p.childcategory),
          sort: pick(SORTS),
          page: 1 + rand(2),
          pageSize: PAGE_SIZE,
        }),
      );
    },
  },
  {
    name: 'search',
    group: 'browse',
    weight: 170,
    run: (c, w) => {
      const words = w.facts.words.slice(0, 200);
      const q = rand(3) === 0 ? `${pick(words)} ${pick(words)}` : pick(words);
      return get(c, 'search', list({ q, sort: 'relevance', page: 1 + rand(2), pageSize: PAGE_SIZE }));
    },
  },
  { name: 'category tree', group: 'browse', weight: 50, run: (c) => get(c, 'tree', '/api/category') },
  {
    name: 'server-rendered page',
    group: 'browse',
    weight: 30,
    run: (c, w) => get(c, 'page', pick(['/', '/products', `/products/${pick(w.facts.productIds)}`])),
  },
  { name: 'add to cart', group: 'cart', weight: 60, run: (c, w, s) => s.with((shopper) => addToCart(c, w, shopper, 'cart add')) },
  {
    name: 'read cart',
    group: 'cart',
    weight: 40,
    run: (c, _w, s) => s.with(async (shopper) => void (await viewCart(c, shopper, 'cart view'))),
  },
  {
    name: 'checkout, cash on delivery',
    group: 'checkout',
    weight: 20,
    run: (c, w, s) => s.with((x) => checkout(c, w, x, 'cod')),
  },
  {
    name: 'checkout, eSewa (sandbox)',
    group: 'checkout',
    weight: 10,
    run: (c, w, s) => s.with((x) => checkout(c, w, x, 'esewa')),
  },
  {
    name: 'checkout, Khalti (sandbox)',
    group: 'checkout',
    weight: 10,
    run: (c, w, s) => s.with((x) => checkout(c, w, x, 'khalti')),
  },
  {
    name: 'admin order list',
    group: 'admin',
    weight: 6,
    run: (c, w) => get(c, 'admin orders', `/api/orders/all?page=${1 + rand(3)}&pageSize=20`, w.adminToken),
  },
  {
    name: 'admin dashboard',
    group: 'admin',
    weight: 4,
    run: (c, w) => get(c, 'admin dashboard', '/api/admin/dashboard', w.adminToken),
  },
];

const TOTAL_WEIGHT = MIX.reduce((sum, action) => sum + action.weight, 0);

/** One action drawn by weight. */
export function drawAction(): Action {
  let x = Math.random() * TOTAL_WEIGHT;
  for (const action of MIX) {
    x -= action.weight;
    if (x < 0) return action.run;
  }
  return MIX[0]!.run;
}

/**
 * Shoppers lent one action at a time: a cart belongs to one shopper, and a checkout sends the
 * total of the cart it just read, which a parallel add to the same cart would change (an honest
 * 409 TOTAL_CHANGED, but not one a real shopper meets). When every shopper is busy the action
 * waits for one.
 */
export class ShopperLease {
  private readonly free: Shopper[];
  private readonly waiting: ((shopper: Shopper) => void)[] = [];

  constructor(shoppers: Shopper[]) {
    this.free = [...shoppers];
  }

  async with(use: (shopper: Shopper) => Promise<void>): Promise<void> {
    const shopper = this.free.pop() ?? (await new Promise<Shopper>((resolve) => this.waiting.push(resolve)));
    try {
      await use(shopper);
    } finally {
      const next = this.waiting.shift();
      if (next) next(shopper);
      else this.free.push(shopper);
    }
  }
}

async function get(client: SoakClient, kind: string, path: string, token?: string): Promise<void> {
  await client.send(kind, { path, token });
}

async function addToCart(client: SoakClient, world: SoakWorld, shopper: Shopper, kind: string): Promise<void> {
  await client.send(kind, {
    path: '/api/cart/add-to-cart',
    token: shopper.token,
    json: { userId: shopper.userId, productId: pick(world.pool), quantity: 1 },
  });
}

async function viewCart(client: SoakClient, shopper: Shopper, kind: string): Promise<CartItem[]> {
  const answer = await client.send(kind, { path: `/api/cart/view-cart/${shopper.userId}`, token: shopper.token });
  return answer.status === 200 ? answer.json<{ cartItems: CartItem[] }>().cartItems : [];
}

/** Empties a cart line by line (after a sold-out product refused the checkout, or before a fresh one). */
async function removeLines(client: SoakClient, shopper: Shopper, lines: CartItem[]): Promise<void> {
  for (const line of lines)
    await client.send('cart remove', { method: 'DELETE', path: `/api/cart/remove-item/${line.id}`, token: shopper.token });
}

/**
 * A checkout as the shop's page makes it: a product into the cart, the cart read for its total,
 * lines no longer available taken out, the order placed with that total, and an online payment
 * paid at the sandbox's gateway and brought back to the shop. A sold-out refusal empties the cart.
 */
async function checkout(
  client: SoakClient,
  world: SoakWorld,
  shopper: Shopper,
  method: 'cod' | 'esewa' | 'khalti',
): Promise<void> {
  await addToCart(client, world, shopper, 'checkout add');
  let lines = await viewCart(client, shopper, 'checkout cart');
  const gone = lines.filter(
    (line) => !line.product.isAvailable || (line.product.stock !== null && line.product.stock < line.quantity),
  );
  if (gone.length > 0) {
    await removeLines(client, shopper, gone);
    lines = lines.filter((line) => !gone.includes(line));
  }
  if (lines.length === 0) return;
  const placed = await client.send(`checkout ${method}`, {
    path: '/api/orders/create',
    token: shopper.token,
    json: { userId: shopper.userId, totalAmount: cartTotal(lines), cartItems: [], ...ADDRESS, paymentMethod: method },
  });
  if (placed.status === 409) {
    await removeLines(client, shopper, lines);
    return;
  }
  if (placed.status !== 201 || method === 'cod') return;
  const payment = placed.json<CreateOrderResponse>().payment;
  if (!payment) throw new Error(`a ${method} order came back without a payment to make`);
  await pay(client, world, method, payment);
}

/** At the gateway: its page, Pay, and the gateway's redirect followed back to the shop. */
async function pay(client: SoakClient, world: SoakWorld, method: 'esewa' | 'khalti', payment: PaymentRedirect): Promise<void> {
  const page: Answer =
    method === 'esewa'
      ? await client.send('sandbox page', { path: payment.url, form: payment.fields ?? {} })
      : await client.send('sandbox page', { path: payment.url });
  if (page.status !== 200) return;
  const forms = [...page.text().matchAll(/<form method="post" action="([^"]+)"><button[^>]*>(\w+)<\/button>/g)];
  const action = forms.find((form) => form[2] === 'Pay')?.[1];
  if (!action) throw new Error(`no Pay button on the ${method} sandbox page`);
  const pressed = await client.send('sandbox pay', { method: 'POST', path: action.replace(/&amp;/g, '&') }, [303]);
  const back = pressed.headers.location;
  if (pressed.status !== 303 || !back) return;
  const url = new URL(back, 'http://shop.invalid');
  const landed = await client.send(`payment return ${method}`, { path: `${url.pathname}${url.search}` }, [303]);
  // The shop lands the shopper on /account?…&payment=paid: anything else is a payment gone wrong.
  const landing = new URL(landed.headers.location ?? '/', 'http://shop.invalid');
  if (landed.status !== 303) return;
  if (landing.searchParams.get('payment') !== 'paid')
    throw new Error(`a ${method} payment landed on ${landing.pathname}${landing.search}`);
  world.landedPaid += 1;
}
