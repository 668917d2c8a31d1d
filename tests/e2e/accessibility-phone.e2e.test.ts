import { accessibilitySuite } from './support/accessibility-suite.js';
import { PHONE } from './support/fixtures.js';

/** axe at phone width (390 px): logged out, as a shopper, as the admin (support/accessibility-suite.ts). */
accessibilitySuite('phone', PHONE);
