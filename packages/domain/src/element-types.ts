/**
 * The seven standard element types of the specification (section 1). Their plural is the path
 * segment of the element endpoints (`plants/{id}/{plural}/`); any other type of an organisation
 * goes through `extra-elements/?element_type=ID`.
 */
export const STANDARD_ELEMENT_TYPES = [
  { code: 'HIN', plural: 'hincas' },
  { code: 'MAS', plural: 'masts' },
  { code: 'STR', plural: 'strings' },
  { code: 'TRA', plural: 'trackers' },
  { code: 'MOD', plural: 'modules' },
  { code: 'INV', plural: 'inverters' },
  { code: 'CTR', plural: 'ctrs' },
] as const;

export type StandardElementTypeCode = (typeof STANDARD_ELEMENT_TYPES)[number]['code'];
export type ElementTypePlural = (typeof STANDARD_ELEMENT_TYPES)[number]['plural'];

export function elementTypeByPlural(plural: string) {
  return STANDARD_ELEMENT_TYPES.find((t) => t.plural === plural);
}

export function elementTypeByCode(code: string) {
  return STANDARD_ELEMENT_TYPES.find((t) => t.code === code);
}
