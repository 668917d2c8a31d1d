import { cartCouponRoutes, couponAdminRoutes } from './features/promotions/routes.js';
import { CouponService } from './features/promotions/service.js';
import { campaignAdminRoutes } from './features/promotions/campaign-routes.js';
import { CampaignService } from './features/promotions/campaign-service.js';
import { deliveryAdminRoutes, deliveryRoutes } from './features/delivery/routes.js';
import { shippingAdminRoutes } from './features/shipping/routes.js';
import { ShippingService } from './features/shipping/service.js';
import { DeliveryService } from './features/delivery/service.js';
import { questionAdminRoutes, questionRoutes } from './features/questions/routes.js';
import { QuestionService } from './features/questions/service.js';
import { reviewAdminRoutes, reviewRoutes } from './features/reviews/routes.js';
import { ReviewService } from './features/reviews/service.js';
import { returnAdminRoutes, returnRoutes } from './features/returns/routes.js';
import { ReturnService } from './features/returns/service.js';
import { warrantyAdminRoutes, warrantyRoutes } from './features/warranty/routes.js';
import { WarrantyService } from './features/warranty/service.js';
import cors from '@fastify/cors';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { type Config, ESEWA_TEST_PRODUCT_CODE, ESEWA_TEST_SECRET_KEY, KHALTI_SANDBOX_SECRET_KEY } from './config.js';
import { type AppContext, type ContextOverrides, createContext } from './context.js';
import { unverifiedRemovalHandler } from './features/accounts/unverified-removal.js';
import { healthRoutes } from './features/health/routes.js';
import { accountsRoutes } from './features/accounts/routes.js';
import { adminRoutes } from './features/admin/routes.js';
import { auditRoutes } from './features/audit/routes.js';
import { alertRoutes } from './features/alerts/routes.js';
import { cartReminderHandler } from './features/alerts/cart-reminder.js';
import { priceDropHandler } from './features/alerts/price-drop.js';
import { AlertService } from './features/alerts/service.js';
import { wishlistRoutes } from './features/wishlist/routes.js';
import { cartRoutes } from './features/cart/routes.js';
import { dashboardRoutes } from './features/dashboard/routes.js';
import { catalogMetaResolver } from './features/catalog/meta.js';
import { productCsvRoutes } from './features/catalog/csv/routes.js';
import { catalogRoutes } from './features/catalog/routes.js';
import { specsRoutes } from './features/catalog/specs/routes.js';
import { CatalogService } from './features/catalog/service.js';
import { catalogSiteRoutes } from './features/catalog/site.js';
import { jobsRoutes } from './features/jobs/routes.js';
import { createGateways } from './features/payments/gateways.js';
import { paymentReturnRoutes } from './features/payments/routes.js';
import { PaymentService } from './features/payments/service.js';
import { codConfirmHandler } from './features/orders/cod-confirm.js';
import { orderExportRoutes } from './features/orders/export-routes.js';
import { ordersRoutes } from './features/orders/routes.js';
import { OrdersService } from './features/orders/service.js';
import { paymentSandboxRoutes } from './features/payments/sandbox/routes.js';
import { storeRoutes } from './features/store/routes.js';
import { webRoutes } from './features/web/routes.js';
import { smsAdminRoutes, smsSettingsRoutes } from './features/sms/routes.js';
import { SmsService } from './features/sms/service.js';
import { installAccess } from './lib/access.js';
import { installErrorHandling } from './lib/error-handler.js';
import { injectFetch } from './lib/inject-fetch.js';
import { installPrivateAnswers } from './lib/private-answers.js';
import { drainRefusedBodies } from './lib/refused-bodies.js';
import { installSecurityHeaders } from './lib/security-headers.js';

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}

export const JSON_BODY_LIMIT = 1024 * 1024;

export interface BuildAppOptions extends ContextOverrides {
  config: Config;
  logger?: FastifyServerOptions['logger'];
  /** Serve the built web app from dist/web (off in API tests). */
  serveWeb?: boolean;
  /** Run the job worker in this process (on by default; a test of the queue itself may run its own). */
  runJobs?: boolean;
}

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel, redact: ['req.headers.authorization', 'req.headers.cookie'] },
    bodyLimit: JSON_BODY_LIMIT,
    // A hop count is "trust the nearest N hops" (Fastify's types take it only as a function).
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (
            (hops: number) => (_address: string, hop: number) =>
              hop < hops
          )(config.trustProxy)
        : config.trustProxy,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    // A client sending its request slowly (a byte now and then) would otherwise hold a connection
    // open for ever: Fastify turns Node's request timeout off. The whole request must arrive within
    // REQUEST_TIMEOUT_SECONDS, its headers within HEADERS_TIMEOUT_MS of that, else Node answers 408
    // and closes the connection. Behind nginx the body arrives buffered, so uploads are not slowed.
    requestTimeout: config.requestTimeoutMs,
    http: requestTimeouts(config.requestTimeoutMs),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app);
  drainRefusedBodies(app);

  const ctx = await createContext(config, app.log, options);
  app.decorate('ctx', ctx);
  app.addHook('onClose', async () => ctx.close());
  if (options.runJobs ?? true) {
    app.addHook('onReady', async () => ctx.jobs.start());
    // SIGTERM: no new jobs from the moment closing starts; running ones finish in ctx.close().
    app.addHook('preClose', async () => ctx.jobs.stopTaking());
  }

  installSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Product images from a public bucket or CDN (IMAGE_BASE_URL), when the shop names one.
        imgSrc: ["'self'", 'data:', 'blob:', ...externalOrigins([config.imageBaseUrl])],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        // eSewa's payment page is reached by posting its form (a wallet's own origin, when configured).
        formAction: ["'self'", ...externalOrigins([config.payments.esewa?.formUrl])],
        upgradeInsecureRequests: null,
      },
    },
    // Product images are also shown by social apps; allow cross-origin embedding of our resources.
    crossOriginResourcePolicy: { policy: 'same-site' },
  });
  installPrivateAnswers(app);
  await app.register(cors, { origin: config.corsOrigins.length > 0 ? config.corsOrigins : false });
  // From here on every /api route declares who may call it, or the server does not start.
  // The API map's routes come from a plugin that takes no route options: they are public.
  installAccess(app, ctx, { publicUnder: ['/api/docs'] });

  await app.register(swagger, {
    openapi: { info: { title: 'Pasal API', description: 'The API of the Pasal shop', version: '1.0.0' } },
    transform: jsonSchemaTransform,
  });
  // The whole API map is no business of strangers in production (API_DOCS=true to serve it anyway).
  if (config.apiDocs) await app.register(swaggerUi, { routePrefix: '/api/docs' });

  const catalog = new CatalogService(ctx);
  const orders = new OrdersService(ctx);
  const coupons = new CouponService(ctx);
  const campaigns = new CampaignService(ctx);
  const reviews = new ReviewService(ctx);
  const questions = new QuestionService(ctx);
  const delivery = new DeliveryService(ctx);
  const returns = new ReturnService(ctx);
  // In the sandbox the gateways are this server's own /sandbox routes, asked in-process.
  const gateways = createGateways(ctx.config.payments, {
    fetch,
    sandboxFetch: ctx.config.payments.sandbox ? injectFetch(app) : undefined,
  });
  const payments = new PaymentService(ctx, gateways, orders);
  ctx.jobs.register(payments.handler(app.log));
  ctx.jobs.register(codConfirmHandler(ctx, orders, app.log));
  ctx.jobs.register(unverifiedRemovalHandler(ctx, app.log));
  ctx.jobs.register(campaigns.handler(app.log));
  const alerts = new AlertService(ctx);
  ctx.jobs.register(alerts.stockAlertHandler());
  ctx.jobs.register(alerts.alertMailHandler());
  ctx.jobs.register(priceDropHandler(ctx, alerts));
  ctx.jobs.register(cartReminderHandler(ctx, alerts));
  const sms = new SmsService(ctx);
  await app.register(
    async (api) => {
      await api.register(storeRoutes(ctx));
      await api.register(healthRoutes(ctx));
      await api.register(accountsRoutes(ctx), { prefix: '/users' });
      await api.register(wishlistRoutes(ctx), { prefix: '/users' });
      await api.register(alertRoutes(alerts));
      await api.register(smsSettingsRoutes(sms), { prefix: '/users' });
      await api.register(smsAdminRoutes(sms), { prefix: '/admin/sms' });
      await api.register(adminRoutes(ctx), { prefix: '/admin' });
      await api.register(jobsRoutes(ctx), { prefix: '/admin/jobs' });
      await api.register(auditRoutes(ctx), { prefix: '/admin/audit' });
      await api.register(dashboardRoutes(ctx), { prefix: '/admin/dashboard' });
      await api.register(orderExportRoutes(ctx), { prefix: '/admin/orders' });
      await api.register(productCsvRoutes(ctx), { prefix: '/admin/products' });
      await api.register(catalogRoutes(ctx, catalog));
      await api.register(specsRoutes(catalog));
      await api.register(cartRoutes(ctx), { prefix: '/cart' });
      await api.register(cartCouponRoutes(coupons), { prefix: '/cart' });
      await api.register(couponAdminRoutes(coupons), { prefix: '/admin/coupons' });
      await api.register(campaignAdminRoutes(campaigns), { prefix: '/admin/campaigns' });
      await api.register(reviewRoutes(reviews));
      await api.register(reviewAdminRoutes(reviews), { prefix: '/admin/reviews' });
      await api.register(questionRoutes(questions));
      await api.register(questionAdminRoutes(questions), { prefix: '/admin/questions' });
      await api.register(deliveryRoutes(delivery));
      await api.register(deliveryAdminRoutes(delivery), { prefix: '/admin/delivery' });
      await api.register(shippingAdminRoutes(new ShippingService(ctx)), { prefix: '/admin/couriers' });
      await api.register(ordersRoutes(ctx, orders, payments), { prefix: '/orders' });
      await api.register(returnRoutes(returns), { prefix: '/orders' });
      await api.register(returnAdminRoutes(returns), { prefix: '/admin/returns' });
      const warranty = new WarrantyService(ctx);
      await api.register(warrantyRoutes(warranty), { prefix: '/orders' });
      await api.register(warrantyAdminRoutes(warranty), { prefix: '/admin/warranty-claims' });
      await api.register(paymentReturnRoutes(payments), { prefix: '/payments' });
    },
    { prefix: '/api' },
  );

  if (ctx.config.payments.sandbox) {
    const { esewa, khalti } = ctx.config.payments;
    await app.register(
      paymentSandboxRoutes(ctx, {
        esewaSecret: esewa?.secretKey ?? ESEWA_TEST_SECRET_KEY,
        esewaProductCode: esewa?.productCode ?? ESEWA_TEST_PRODUCT_CODE,
        khaltiSecretKey: khalti?.secretKey ?? KHALTI_SANDBOX_SECRET_KEY,
      }),
      { prefix: '/sandbox' },
    );
  }

  // /uploads/… (product images) and /sitemap.xml
  await app.register(catalogSiteRoutes(ctx));
  if (options.serveWeb ?? true) await app.register(webRoutes(ctx, { metaResolvers: [catalogMetaResolver(ctx, catalog)] }));
  return app;
}

/** How long a client may take to send its request line and headers (Node's own default is 60 s). */
export const HEADERS_TIMEOUT_MS = 30_000;

/**
 * Node's headers timeout, never longer than the request's, and how often it checks both (its
 * default of 30 s would let a short timeout run on for half a minute).
 */
export function requestTimeouts(requestTimeoutMs: number): { headersTimeout: number; connectionsCheckingInterval: number } {
  return {
    headersTimeout: Math.min(HEADERS_TIMEOUT_MS, requestTimeoutMs),
    connectionsCheckingInterval: Math.min(5_000, Math.max(100, Math.floor(requestTimeoutMs / 4))),
  };
}

/** The origins of absolute http(s) URLs (relative ones are this shop's own). */
function externalOrigins(urls: Array<string | undefined>): string[] {
  return urls.flatMap((url) => (url && /^https?:\/\//.test(url) ? [new URL(url).origin] : []));
}
