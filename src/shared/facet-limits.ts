/**
 * How much a product list's facet filters may ask for. Kept free of zod so the web's list code can
 * cut a long link to what the API takes without loading the validation library.
 */

/** Values ticked in one facet ("brand=Asus,Dell,…"). */
export const FACET_VALUES_MAX = 50;
/** One value's length, and a specification name's. */
export const FACET_VALUE_MAX = 100;
/** Specification facets used at once ("spec.RAM", "spec.Storage", …). */
export const SPEC_FACETS_MAX = 10;
/** One facet parameter's whole length. */
export const FACET_PARAM_MAX = 2000;
