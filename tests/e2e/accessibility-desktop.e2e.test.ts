import { accessibilitySuite } from './support/accessibility-suite.js';
import { DESKTOP } from './support/fixtures.js';

/** axe at desktop width: logged out, as a shopper, as the admin (support/accessibility-suite.ts). */
accessibilitySuite('desktop', DESKTOP);
