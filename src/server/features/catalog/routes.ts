import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  categoryTreeSchema,
  createCategoryResponseSchema,
  createCategorySchema,
  createChildCategoryResponseSchema,
  createChildCategorySchema,
  createSubCategoryResponseSchema,
  createSubCategorySchema,
  deleteResponseSchema,
  featureResponseSchema,
  productFieldsSchema,
  productListQuerySchema,
  productPageSchema,
  productSchema,
  productUpdateSchema,
  relatedProductsSchema,
} from '../../../shared/catalog.js';
import { nepaliNameBodySchema } from '../../../shared/category-names.js';
import { idParam } from '../../../shared/path-params.js';
import { archivedProductPageSchema, archivedQuerySchema } from '../../../shared/product-archive.js';
import { productCompareQuerySchema, productCompareSchema } from '../../../shared/product-compare.js';
import { productDetailSchema } from '../../../shared/product-detail.js';
import { productVariantsInputSchema } from '../../../shared/variants.js';
import { dictionaryBodySchema, dictionaryEntrySchema, dictionarySchema } from '../../../shared/search-words.js';
import type { AppContext } from '../../context.js';
import { access } from '../../lib/access.js';
import { principalOf } from '../../lib/principal.js';
import type { Actor } from '../audit/service.js';
import { readProductForm, registerMultipart } from './form.js';
import { PublicAnswers } from './listing/answers.js';
import { CatalogService } from './service.js';
import { SearchDictionaryService } from './search-words/service.js';
import { parseProductWithVariants } from './variants/form.js';

/**
 * The catalogue API, registered under /api:
 *   GET    /category                                               tree (public)
 * The public GETs answer through PublicAnswers (listing/answers.ts): cached per catalogue version, ETag/304,
 * compressed.
 *   POST   /category                                               {name} → 201 {category}
 *   POST   /category/:categoryId/subcategory                       {name} → 201 {subCategory}
 *   POST   /category/:categoryId/subcategory/:subId/childcategory  {name} → 201 {childCategory}
 *   DELETE /category/:id | …/subcategory/:subId | …/childcategory/:childId → {message}
 *   GET    /products[?filters]     plain array, or a page with page/pageSize/q/sort
 *   GET    /products/compare?ids=1,2,3  {products}: up to four products as their pages read them (compare.ts)
 *   GET    /products/:id
 *   GET    /products/:id/related  {products}: compact cards of the same child/sub/category (related.ts)
 *   POST   /products/              multipart → 201 product
 *   PUT    /products/:id           multipart or JSON → product; a price moved to under half or over one
 *                                   and a half times the old one: 409 unless confirmPriceChange
 *   PUT    /products/:id/variants  {options, variants[, confirmPriceChange]} → product (the whole set:
 *                                   variants/service.ts); a variant's price moved as a product's: 409 unless confirmed
 *   PUT    /products/:id/feature   → {message, isFeatured}
 *   DELETE /products/:id           → {message} (archives it: shared/product-archive.ts)
 *   GET    /admin/products/archived              → the archived products that can still be restored
 *   POST   /admin/products/:id/restore           → product (live again)
 *   GET|PUT /admin/search-dictionary, DELETE /admin/search-dictionary/:id  the search's own words
 * POST /products/ and PUT /products/:id also take `options` and `variants` (JSON texts in a multipart
 * form, lists in JSON), checked with the product's fields and written in its transaction.
 * Every admin write is recorded in the audit log with the signed-in admin (features/audit).
 * Writes need an admin bearer token (lib/access.ts: none 401, shopper 403), checked on request:
 * before a JSON body is parsed or validated, and before a byte of an upload is read.
 */

const categoryParams = z.object({ categoryId: idParam('Invalid category id') });
const subParams = categoryParams.extend({ subId: idParam('Invalid subcategory id') });
const childParams = subParams.extend({ childId: idParam('Invalid child category id') });
const productParams = z.object({ id: idParam('Invalid product id') });

const PAGED_KEYS = ['page', 'pageSize', 'q', 'sort'];

/** The signed-in admin, who the audit log records for a write. */
const actorOf = (request: FastifyRequest): Actor => ({ adminId: principalOf(request).id });

export function catalogRoutes(ctx: AppContext, service = new CatalogService(ctx)): FastifyPluginAsyncZod {
  return async (app) => {
    await registerMultipart(app);
    // Bodyless writes (PUT …/feature, DELETE) often still carry Content-Type: application/json;
    // read an empty JSON body as "no body" instead of failing.
    const jsonParser = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      if (text.trim() === '') {
        done(null, undefined);
        return;
      }
      void jsonParser(request, text, done);
    });

    const admin = access({ admin: 'catalog.write' });
    // Admin views that change nothing: a role that may only look at the catalogue sees them.
    const looker = access({ admin: 'catalog.read' });
    const anyone = access('public');
    const answers = new PublicAnswers((ids) => service.versionAndStock(ids));

    // ----- categories -------------------------------------------------------------------------

    app.get('/category', { ...anyone, schema: { response: { 200: categoryTreeSchema } } }, async (request, reply) =>
      answers.send(request, reply, async () => ({ value: await service.tree() })),
    );

    app.post(
      '/category',
      { ...admin, schema: { body: createCategorySchema, response: { 201: createCategoryResponseSchema } } },
      async (request, reply) =>
        reply.status(201).send(await service.createCategory(request.body.name, actorOf(request), request.body.nameNe)),
    );

    app.post(
      '/category/:categoryId/subcategory',
      {
        ...admin,
        schema: { params: categoryParams, body: createSubCategorySchema, response: { 201: createSubCategoryResponseSchema } },
      },
      async (request, reply) => {
        const { name, nameNe } = request.body;
        const subCategory = await service.createSubCategory(request.params.categoryId, name, actorOf(request), nameNe);
        return reply.status(201).send({ subCategory });
      },
    );

    app.post(
      '/category/:categoryId/subcategory/:subId/childcategory',
      {
        ...admin,
        schema: { params: subParams, body: createChildCategorySchema, response: { 201: createChildCategoryResponseSchema } },
      },
      async (request, reply) => {
        const { categoryId, subId } = request.params;
        const { name, nameNe } = request.body;
        const childCategory = await service.createChildCategory(categoryId, subId, name, actorOf(request), nameNe);
        return reply.status(201).send({ childCategory });
      },
    );

    // A node's Nepali name: set with text, cleared with null or ''.
    const nameNode = z.object({ id: z.number(), name: z.string(), nameNe: z.string().optional() });
    const nepaliName = { ...admin, schema: { body: nepaliNameBodySchema, response: { 200: nameNode } } };
    app.put(
      '/category/:categoryId/nepali-name',
      { ...nepaliName, schema: { ...nepaliName.schema, params: categoryParams } },
      async (request) => service.setNepaliName([request.params.categoryId], request.body.nameNe, actorOf(request)),
    );
    app.put(
      '/category/:categoryId/subcategory/:subId/nepali-name',
      { ...nepaliName, schema: { ...nepaliName.schema, params: subParams } },
      async (request) =>
        service.setNepaliName([request.params.categoryId, request.params.subId], request.body.nameNe, actorOf(request)),
    );
    app.put(
      '/category/:categoryId/subcategory/:subId/childcategory/:childId/nepali-name',
      { ...nepaliName, schema: { ...nepaliName.schema, params: childParams } },
      async (request) => {
        const { categoryId, subId, childId } = request.params;
        return service.setNepaliName([categoryId, subId, childId], request.body.nameNe, actorOf(request));
      },
    );

    app.delete(
      '/category/:categoryId',
      { ...admin, schema: { params: categoryParams, response: { 200: deleteResponseSchema } } },
      async (request) => service.deleteCategory(request.params.categoryId, actorOf(request)),
    );

    app.delete(
      '/category/:categoryId/subcategory/:subId',
      { ...admin, schema: { params: subParams, response: { 200: deleteResponseSchema } } },
      async (request) => service.deleteSubCategory(request.params.categoryId, request.params.subId, actorOf(request)),
    );

    app.delete(
      '/category/:categoryId/subcategory/:subId/childcategory/:childId',
      { ...admin, schema: { params: childParams, response: { 200: deleteResponseSchema } } },
      async (request) => {
        const { categoryId, subId, childId } = request.params;
        return service.deleteChildCategory(categoryId, subId, childId, actorOf(request));
      },
    );

    // ----- products ---------------------------------------------------------------------------

    app.get(
      '/products',
      {
        ...anyone,
        schema: {
          querystring: productListQuerySchema,
          response: { 200: z.union([z.array(productSchema), productPageSchema]) },
        },
      },
      async (request, reply) =>
        answers.send(request, reply, async (version) => {
          const raw = new URL(request.url, 'http://local').searchParams;
          if (PAGED_KEYS.some((key) => raw.has(key)) || request.query.facets) {
            const page = await service.listing.listPage(request.query, version);
            return { value: page, products: page.products };
          }
          const { products, truncated } = await service.listing.listAll(request.query);
          // More than PLAIN_LIST_MAX products: the newest ones, and a pointer to the paged form.
          const headers = truncated
            ? { 'X-Pasal-Truncated': 'true', Link: '</api/products?page=1&pageSize=100>; rel="next"' }
            : undefined;
          return { value: products, products, headers };
        }),
    );

    // A fixed path: the router tries it before '/products/:id', whatever the order of registration.
    app.get(
      '/products/compare',
      { ...anyone, schema: { querystring: productCompareQuerySchema, response: { 200: productCompareSchema } } },
      async (request, reply) =>
        answers.send(request, reply, async () => {
          const products = await service.compareProducts(request.query.ids);
          return { value: { products }, products };
        }),
    );

    app.get(
      '/products/:id',
      { ...anyone, schema: { params: productParams, response: { 200: productDetailSchema } } },
      async (request, reply) =>
        answers.send(request, reply, async () => {
          const product = await service.getProductDetail(request.params.id);
          return { value: product, products: [product] };
        }),
    );

    app.get(
      '/products/:id/related',
      { ...anyone, schema: { params: productParams, response: { 200: relatedProductsSchema } } },
      async (request, reply) =>
        answers.send(request, reply, async () => {
          const products = await service.relatedProducts(request.params.id);
          return { value: { products }, products };
        }),
    );

    const create = async (request: FastifyRequest) => {
      const form = await readProductForm(request);
      const { fields, variants } = parseProductWithVariants(productFieldsSchema, form.fields);
      return service.detailOf(await service.createFromForm(fields, form.files, actorOf(request), variants));
    };
    for (const url of ['/products', '/products/']) {
      app.post(url, { ...admin, schema: { response: { 201: productDetailSchema } } }, async (request, reply) =>
        reply.status(201).send(await create(request)),
      );
    }

    app.put(
      '/products/:id',
      { ...admin, schema: { params: productParams, response: { 200: productDetailSchema } } },
      async (request) => {
        let body: unknown = request.body ?? {};
        let files: Buffer[] = [];
        if (request.isMultipart()) ({ fields: body, files } = await readProductForm(request));
        const { fields, variants } = parseProductWithVariants(productUpdateSchema, body);
        return service.detailOf(await service.updateProduct(request.params.id, fields, files, actorOf(request), variants));
      },
    );

    app.put(
      '/products/:id/variants',
      { ...admin, schema: { params: productParams, body: productVariantsInputSchema, response: { 200: productDetailSchema } } },
      async (request) => {
        await service.variants.replace(request.params.id, request.body, actorOf(request));
        return service.getProductDetail(request.params.id);
      },
    );

    app.put(
      '/products/:id/feature',
      { ...admin, schema: { params: productParams, response: { 200: featureResponseSchema } } },
      async (request) => service.toggleFeatured(request.params.id, actorOf(request)),
    );

    app.delete(
      '/products/:id',
      { ...admin, schema: { params: productParams, response: { 200: deleteResponseSchema } } },
      async (request) => service.deleteProduct(request.params.id, actorOf(request)),
    );

    // ----- archived products (admin) -----------------------------------------------------------

    app.get(
      '/admin/products/archived',
      { ...looker, schema: { tags: ['admin'], querystring: archivedQuerySchema, response: { 200: archivedProductPageSchema } } },
      async (request, reply) => {
        void reply.header('Cache-Control', 'no-store');
        return service.listArchived(request.query);
      },
    );

    app.post(
      '/admin/products/:id/restore',
      { ...admin, schema: { tags: ['admin'], params: productParams, response: { 200: productDetailSchema } } },
      async (request) => service.detailOf(await service.restoreProduct(request.params.id, actorOf(request))),
    );

    // ----- the search dictionary (admin, shared/search-words.ts) -------------------------------

    const dictionary = new SearchDictionaryService(ctx);
    app.get(
      '/admin/search-dictionary',
      { ...looker, schema: { tags: ['admin'], response: { 200: dictionarySchema } } },
      async (_request, reply) => {
        void reply.header('Cache-Control', 'no-store');
        return dictionary.list();
      },
    );
    app.put(
      '/admin/search-dictionary',
      { ...admin, schema: { tags: ['admin'], body: dictionaryBodySchema, response: { 200: dictionaryEntrySchema } } },
      async (request) => dictionary.set(request.body.word, request.body.term, actorOf(request)),
    );
    app.delete(
      '/admin/search-dictionary/:id',
      {
        ...admin,
        schema: {
          tags: ['admin'],
          params: z.object({ id: idParam('Invalid dictionary word id') }),
          response: { 200: z.object({ id: z.number() }) },
        },
      },
      async (request) => dictionary.remove(request.params.id, actorOf(request)),
    );
  };
}
