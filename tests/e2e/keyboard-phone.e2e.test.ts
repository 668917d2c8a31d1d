import { PHONE } from './support/fixtures.js';
import { keyboardSuite } from './support/keyboard-suite.js';

/** The keyboard alone at phone width (support/keyboard-suite.ts). */
keyboardSuite('phone', PHONE);
