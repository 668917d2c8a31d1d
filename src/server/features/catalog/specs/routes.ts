import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deleteResponseSchema } from '../../../../shared/catalog.js';
import { idParam } from '../../../../shared/path-params.js';
import { productDetailSchema } from '../../../../shared/product-detail.js';
import {
  brandCreateSchema,
  brandResponseSchema,
  brandsResponseSchema,
  productSpecsUpdateSchema,
  specFieldCreateSchema,
  specFieldResponseSchema,
  specFieldUpdateSchema,
  specFieldsResponseSchema,
} from '../../../../shared/specs.js';
import { access } from '../../../lib/access.js';
import { principalOf } from '../../../lib/principal.js';
import type { Actor } from '../../audit/service.js';
import type { CatalogService } from '../service.js';

/**
 * Brands, specification fields and a product's brand and values, registered under /api:
 *   GET    /brands                               {brands} by name (public)
 *   POST   /admin/brands                         {name} → 201 {brand}; 409 when the name is taken
 *   PUT    /admin/brands/:id                     {name} → {brand} (renamed); 409 when another brand has the name
 *   DELETE /admin/brands/:id                     → {message}; 409 while live products use it
 *   GET    /categories/:id/spec-fields           {fields} in their order (public)
 *   POST   /admin/categories/:id/spec-fields     {name, kind, unit?, choices?, isFilter?} → 201 {field}
 *   PUT    /admin/spec-fields/:id                any of those → {field}
 *   DELETE /admin/spec-fields/:id                → {message} (the field leaves its category)
 *   PUT    /products/:id/specs                   {brand?, specs} → the product with its specs
 * Every admin write is recorded in the audit log with the signed-in admin (features/audit).
 */

const brandParams = z.object({ id: idParam('Invalid brand id') });
const fieldParams = z.object({ id: idParam('Invalid specification field id') });
const productParams = z.object({ id: idParam('Invalid product id') });
const categoryParams = z.object({ id: idParam('Invalid category id') });
const actorOf = (request: FastifyRequest): Actor => ({ adminId: principalOf(request).id });

export function specsRoutes(catalog: CatalogService): FastifyPluginAsyncZod {
  const specs = catalog.specs;
  return async (app) => {
    const admin = access({ admin: 'catalog.write' });
    const anyone = access('public');

    app.get('/brands', { ...anyone, schema: { response: { 200: brandsResponseSchema } } }, async () => ({
      brands: await specs.brands(),
    }));

    app.post(
      '/admin/brands',
      { ...admin, schema: { body: brandCreateSchema, response: { 201: brandResponseSchema } } },
      async (request, reply) => reply.status(201).send({ brand: await specs.createBrand(request.body.name, actorOf(request)) }),
    );

    app.put(
      '/admin/brands/:id',
      { ...admin, schema: { params: brandParams, body: brandCreateSchema, response: { 200: brandResponseSchema } } },
      async (request) => ({ brand: await specs.renameBrand(request.params.id, request.body.name, actorOf(request)) }),
    );

    app.delete(
      '/admin/brands/:id',
      { ...admin, schema: { params: brandParams, response: { 200: deleteResponseSchema } } },
      async (request) => specs.deleteBrand(request.params.id, actorOf(request)),
    );

    app.get(
      '/categories/:id/spec-fields',
      { ...anyone, schema: { params: categoryParams, response: { 200: specFieldsResponseSchema } } },
      async (request) => ({ fields: await specs.fieldsOf(request.params.id) }),
    );

    app.post(
      '/admin/categories/:id/spec-fields',
      { ...admin, schema: { params: categoryParams, body: specFieldCreateSchema, response: { 201: specFieldResponseSchema } } },
      async (request, reply) => reply.status(201).send({ field: await specs.createField(request.params.id, request.body, actorOf(request)) }),
    );

    app.put(
      '/admin/spec-fields/:id',
      { ...admin, schema: { params: fieldParams, body: specFieldUpdateSchema, response: { 200: specFieldResponseSchema } } },
      async (request) => ({ field: await specs.updateField(request.params.id, request.body, actorOf(request)) }),
    );

    app.delete(
      '/admin/spec-fields/:id',
      { ...admin, schema: { params: fieldParams, response: { 200: deleteResponseSchema } } },
      async (request) => specs.deleteField(request.params.id, actorOf(request)),
    );

    app.put(
      '/products/:id/specs',
      { ...admin, schema: { params: productParams, body: productSpecsUpdateSchema, response: { 200: productDetailSchema } } },
      async (request) => {
        await specs.updateProductSpecs(request.params.id, request.body, actorOf(request));
        return catalog.detailOf(await catalog.getProduct(request.params.id));
      },
    );
  };
}
