import { DESKTOP } from './support/fixtures.js';
import { keyboardSuite } from './support/keyboard-suite.js';

/** The keyboard alone at desktop width, and the two journeys without a click (support/keyboard-suite.ts). */
keyboardSuite('desktop', DESKTOP);
