import { z } from 'zod';
import { FACET_PARAM_MAX, FACET_VALUE_MAX, FACET_VALUES_MAX, SPEC_FACETS_MAX } from './facet-limits.js';

/**
 * Specifications and brands. Each category defines its specification fields (text, a number with
 * a unit, or a choice, and whether the list filters by it); a product has a value for some of
 * them and, optionally, a brand from the shop's managed list.
 */

/** A product's specification as the shopper reads it: {name: 'RAM', value: '16 GB'}, in the category's order. */
export const productSpecSchema = z.object({ name: z.string(), value: z.string() });
export type ProductSpec = z.infer<typeof productSpecSchema>;

export const SPEC_FIELD_KINDS = ['text', 'number', 'choice'] as const;
export type SpecFieldKind = (typeof SPEC_FIELD_KINDS)[number];

/**
 * A category's specification field (GET /api/categories/:id/spec-fields): `unit` for a number
 * ("GB"), `choices` for a choice; `isFilter` true: the product list offers it as a facet.
 */
export const specFieldSchema = z.object({
  id: z.number(),
  name: z.string(),
  kind: z.enum(SPEC_FIELD_KINDS),
  unit: z.string().nullable(),
  choices: z.array(z.string()).nullable(),
  isFilter: z.boolean(),
  position: z.number(),
});
export type SpecField = z.infer<typeof specFieldSchema>;

/** A brand of the shop's managed list (GET /api/brands). */
export const brandSchema = z.object({ id: z.number(), name: z.string() });
export type Brand = z.infer<typeof brandSchema>;

/** One value of a facet and how many products of the current filter have it. */
export const facetValueSchema = z.object({ value: z.string(), count: z.number() });

/**
 * The facets of a product list (GET /api/products?facets=1), computed for the current filter; a
 * facet's own selection does not shrink its own counts (choosing "Asus" still shows how many
 * Dell products there are).
 */
export const productFacetsSchema = z.object({
  brands: z.array(facetValueSchema),
  specs: z.array(z.object({ name: z.string(), values: z.array(facetValueSchema) })),
});
export type ProductFacets = z.infer<typeof productFacetsSchema>;

// ---------------------------------------------------------------------------------------------
// Limits and texts

export const BRAND_NAME_MAX = 60;
export const SPEC_NAME_MAX = 40;
export const SPEC_UNIT_MAX = 20;
export const SPEC_CHOICES_MAX = 50;
/** A text specification's value ("Intel Core i7-13620H"). */
export const SPEC_VALUE_MAX = 100;

export const SPEC_MESSAGES = {
  brandNameRequired: 'Brand name is required',
  brandNameTooLong: `Brand name must be at most ${BRAND_NAME_MAX} characters`,
  brandTaken: 'A brand with this name already exists',
  brandNotFound: 'Brand not found',
  brandInUse: 'Live products use this brand: give them another brand or archive them first',
  brandUnknown: 'There is no brand with this name',
  fieldNameRequired: 'Field name is required',
  fieldNameTooLong: `Field name must be at most ${SPEC_NAME_MAX} characters`,
  fieldTaken: 'This category already has a field with this name',
  fieldNotFound: 'Specification field not found',
  kindInvalid: 'Kind must be one of text, number, choice',
  unitOnlyNumber: 'Only a number field has a unit',
  unitTooLong: `Unit must be at most ${SPEC_UNIT_MAX} characters`,
  choicesRequired: `A choice field needs 1 to ${SPEC_CHOICES_MAX} choices`,
  choicesOnlyChoice: 'Only a choice field has choices',
  choiceTooLong: `Each choice must be at most ${SPEC_NAME_MAX} characters`,
  choiceEmpty: 'A choice must not be empty',
  choicesRepeat: 'Choices must not repeat',
  kindInUse: 'Products have values for this field: its kind cannot change',
  choiceInUse: 'Products use a choice that would be removed',
  specsJson: 'specs must be a JSON object of field names and values',
  specUnknown: 'This category has no specification field with this name',
  specNumber: 'Must be a number',
  specChoice: 'Must be one of the field’s choices',
  specTooLong: `A value must be at most ${SPEC_VALUE_MAX} characters`,
  facetTooMany: `At most ${FACET_VALUES_MAX} values can be chosen in one filter`,
  facetValueTooLong: `A filter value must be at most ${FACET_VALUE_MAX} characters`,
  specFacetsTooMany: `At most ${SPEC_FACETS_MAX} specification filters can be used at once`,
  facetParamTooLong: `A filter must be at most ${FACET_PARAM_MAX} characters`,
} as const;

// ---------------------------------------------------------------------------------------------
// Brands and spec fields: the admin's writes and the answers

const nameText = (required: string, max: number, tooLong: string) =>
  z
    .string({ error: required })
    .transform((value) => value.replace(/\s+/g, ' ').trim())
    .pipe(z.string().min(1, required).max(max, tooLong));

export const brandCreateSchema = z.object({
  name: nameText(SPEC_MESSAGES.brandNameRequired, BRAND_NAME_MAX, SPEC_MESSAGES.brandNameTooLong),
});
export const brandsResponseSchema = z.object({ brands: z.array(brandSchema) });
export const brandResponseSchema = z.object({ brand: brandSchema });

const choiceText = z
  .string()
  .transform((value) => value.replace(/\s+/g, ' ').trim())
  .pipe(z.string().min(1, SPEC_MESSAGES.choiceEmpty).max(SPEC_NAME_MAX, SPEC_MESSAGES.choiceTooLong));

/** The fields of a spec field write; POST needs name and kind, PUT takes any of them (specFieldUpdateSchema). */
const specFieldShape = {
  name: nameText(SPEC_MESSAGES.fieldNameRequired, SPEC_NAME_MAX, SPEC_MESSAGES.fieldNameTooLong),
  kind: z.enum(SPEC_FIELD_KINDS, { error: SPEC_MESSAGES.kindInvalid }),
  /** '' or null: none. */
  unit: z
    .string()
    .trim()
    .max(SPEC_UNIT_MAX, SPEC_MESSAGES.unitTooLong)
    .nullable()
    .transform((unit) => unit || null),
  choices: z.array(choiceText).max(SPEC_CHOICES_MAX, SPEC_MESSAGES.choicesRequired).nullable(),
  isFilter: z.boolean(),
};

/**
 * The rules between a field's kind, unit and choices (POST, and PUT after merging with the field as
 * stored): a unit only for a number, 1–SPEC_CHOICES_MAX distinct choices for a choice and only for it.
 */
export function specFieldIssues(
  field: { kind: SpecFieldKind; unit?: string | null | undefined; choices?: string[] | null | undefined },
  addIssue: (issue: { path: 'unit' | 'choices'; message: string }) => void,
): void {
  if (field.unit && field.kind !== 'number') addIssue({ path: 'unit', message: SPEC_MESSAGES.unitOnlyNumber });
  const choices = field.choices ?? [];
  if (field.kind === 'choice' && choices.length === 0) addIssue({ path: 'choices', message: SPEC_MESSAGES.choicesRequired });
  else if (field.kind !== 'choice' && choices.length > 0) addIssue({ path: 'choices', message: SPEC_MESSAGES.choicesOnlyChoice });
  else if (new Set(choices.map((choice) => choice.toLowerCase())).size !== choices.length) {
    addIssue({ path: 'choices', message: SPEC_MESSAGES.choicesRepeat });
  }
}

export const specFieldCreateSchema = z
  .object({
    name: specFieldShape.name,
    kind: specFieldShape.kind,
    unit: specFieldShape.unit.optional(),
    choices: specFieldShape.choices.optional(),
    isFilter: specFieldShape.isFilter.optional(),
  })
  .superRefine((field, ctx) =>
    specFieldIssues(field, ({ path, message }) => ctx.addIssue({ code: 'custom', path: [path], message })),
  );
export type SpecFieldCreate = z.output<typeof specFieldCreateSchema>;

/** PUT /api/admin/spec-fields/:id: any of the fields; the rules apply to the field as it will be. */
export const specFieldUpdateSchema = z.object({
  name: specFieldShape.name.optional(),
  kind: specFieldShape.kind.optional(),
  unit: specFieldShape.unit.optional(),
  choices: specFieldShape.choices.optional(),
  isFilter: specFieldShape.isFilter.optional(),
});
export type SpecFieldUpdate = z.output<typeof specFieldUpdateSchema>;

export const specFieldsResponseSchema = z.object({ fields: z.array(specFieldSchema) });
export const specFieldResponseSchema = z.object({ field: specFieldSchema });

// ---------------------------------------------------------------------------------------------
// A product's brand and specifications (writes)

/** A spec's value as sent: text, a number, or null (clears it). */
const specValue = z.union([z.string().max(SPEC_VALUE_MAX, SPEC_MESSAGES.specTooLong), z.number(), z.null()]);
const specsRecord = z.record(z.string().max(SPEC_NAME_MAX * 2), specValue, { error: SPEC_MESSAGES.specsJson });
export type SpecValues = z.output<typeof specsRecord>;

/**
 * PUT /api/products/:id/specs: `brand` a brand's name (null: none; absent: unchanged); `specs` the
 * values by field name (null clears one; fields not named are unchanged).
 */
export const productSpecsUpdateSchema = z.object({
  brand: z.string().trim().max(BRAND_NAME_MAX, SPEC_MESSAGES.brandNameTooLong).nullable().optional(),
  specs: specsRecord.optional(),
});
export type ProductSpecsUpdate = z.output<typeof productSpecsUpdateSchema>;

/**
 * The same two as text fields of the product form (POST and PUT /api/products, multipart): `brand`
 * a name ('' none), `specs` the values as JSON text.
 */
export const productSpecsFormFields = {
  brand: z
    .string()
    .trim()
    .max(BRAND_NAME_MAX, SPEC_MESSAGES.brandNameTooLong)
    .transform((brand) => brand || null)
    .optional(),
  specs: z
    .union([z.string(), specsRecord])
    .transform((value, ctx): unknown => {
      if (typeof value !== 'string') return value;
      try {
        return JSON.parse(value) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: SPEC_MESSAGES.specsJson });
        return z.NEVER;
      }
    })
    .pipe(specsRecord)
    .optional(),
};

// ---------------------------------------------------------------------------------------------
// The list's facet filters (GET /api/products?brand=…&spec.RAM=…)

/** One facet's parameter (comma separated, or repeated): its values, checked against the limits. */
function facetValues(raw: string | string[], ctx: z.RefinementCtx, path: string[]): string[] {
  const items = Array.isArray(raw) ? raw : [raw];
  if (items.join(',').length > FACET_PARAM_MAX) {
    ctx.addIssue({ code: 'custom', path, message: SPEC_MESSAGES.facetParamTooLong });
    return [];
  }
  const values = [...new Set(items.flatMap((item) => item.split(',')).map((item) => item.trim()))].filter(Boolean);
  if (values.length > FACET_VALUES_MAX) ctx.addIssue({ code: 'custom', path, message: SPEC_MESSAGES.facetTooMany });
  if (values.some((value) => value.length > FACET_VALUE_MAX)) {
    ctx.addIssue({ code: 'custom', path, message: SPEC_MESSAGES.facetValueTooLong });
  }
  return values;
}

const facetParam = z.union([z.string(), z.array(z.string())]);

/** `brand`: brand names, comma separated (or repeated); a product matches any of them. */
export const brandFacetParam = facetParam
  .optional()
  .transform((raw, ctx) => (raw === undefined ? undefined : facetValues(raw, ctx, [])));

/**
 * `spec.<Name>` parameters gathered under `spec` (gatherSpecParams): each field's values (any of
 * them matches), the fields all required.
 */
export const specFacetsParam = z
  .record(z.string(), facetParam)
  .optional()
  .transform((raw, ctx) => {
    if (raw === undefined) return undefined;
    const names = Object.keys(raw);
    if (names.length > SPEC_FACETS_MAX) ctx.addIssue({ code: 'custom', message: SPEC_MESSAGES.specFacetsTooMany });
    const facets: Record<string, string[]> = {};
    for (const name of names) {
      if (name.length > FACET_VALUE_MAX) ctx.addIssue({ code: 'custom', path: [name], message: SPEC_MESSAGES.facetValueTooLong });
      facets[name] = facetValues(raw[name]!, ctx, [name]);
    }
    return facets;
  });

/** Moves a query's `spec.<Name>` parameters into `spec: {<Name>: values}` (before productListQuerySchema reads it). */
export function gatherSpecParams(query: unknown): unknown {
  if (typeof query !== 'object' || query === null) return query;
  const rest: Record<string, unknown> = {};
  const spec: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(query)) {
    if (key.startsWith('spec.') && key.length > 5) spec[key.slice(5)] = value;
    else if (key !== 'spec') rest[key] = value;
  }
  return Object.keys(spec).length > 0 ? { ...rest, spec } : rest;
}

/** `facets=1`: the paged answer with the list's facets. */
export const facetsFlag = z
  .enum(['1', '0', 'true', 'false'], { error: 'facets must be true or false' })
  .optional()
  .transform((value) => (value === undefined ? undefined : value === '1' || value === 'true'));

/** The facet parameters of productListQuerySchema. */
export const listFacetParams = { brand: brandFacetParam, spec: specFacetsParam, facets: facetsFlag };
