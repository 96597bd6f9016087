import type { JsonSchema } from '@armorer/adapter-shared';

/** String formats Structured Outputs accepts. */
export const STRICT_FORMATS: ReadonlySet<string> = new Set([
  'date-time',
  'time',
  'date',
  'duration',
  'email',
  'hostname',
  'ipv4',
  'ipv6',
  'uuid',
]);

/** Keywords that give a node its shape; converted by the rules for objects, arrays and unions. */
export const STRUCTURAL: ReadonlySet<string> = new Set([
  'type',
  'properties',
  'additionalProperties',
  'patternProperties',
  'items',
  'prefixItems',
  'enum',
  'const',
  '$ref',
  'anyOf',
  'oneOf',
  'allOf',
]);

/** Keywords read by the converter itself (so never reported as unsupported by the copy step). */
export const HANDLED: ReadonlySet<string> = new Set([
  ...STRUCTURAL,
  'required',
  'propertyNames',
  'minProperties',
  'maxProperties',
  '$defs',
  'definitions',
  'format',
  'default',
]);

const ANY_TYPE = ['description', 'title', 'enum', 'const'];
const BY_TYPE: Readonly<Record<string, readonly string[]>> = {
  string: ['pattern'],
  number: ['multipleOf', 'maximum', 'exclusiveMaximum', 'minimum', 'exclusiveMinimum'],
  integer: ['multipleOf', 'maximum', 'exclusiveMaximum', 'minimum', 'exclusiveMinimum'],
  array: ['minItems', 'maxItems'],
};
const copiedByType = new Map<string | undefined, ReadonlySet<string>>();

/** The keywords Structured Outputs accepts on a node of a type, copied as they are. */
export function copiedFor(type: string | undefined): ReadonlySet<string> {
  let set = copiedByType.get(type);
  if (set === undefined) {
    set = new Set([...ANY_TYPE, ...(type === undefined ? [] : (BY_TYPE[type] ?? []))]);
    copiedByType.set(type, set);
  }
  return set;
}

const HINTS: readonly [string, readonly string[]][] = [
  [
    'object',
    [
      'properties',
      'additionalProperties',
      'patternProperties',
      'required',
      'minProperties',
      'maxProperties',
      'propertyNames',
    ],
  ],
  ['array', ['items', 'prefixItems', 'minItems', 'maxItems', 'uniqueItems', 'contains']],
  ['string', ['minLength', 'maxLength', 'pattern', 'format']],
  ['number', ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf']],
];

/** The type an untyped node's keywords imply (`minLength` -> string), when exactly one does. */
export function inferTypes(node: JsonSchema): string[] | undefined {
  const found = HINTS.filter(([, keywords]) => keywords.some((keyword) => keyword in node)).map(
    ([type]) => type,
  );
  return found.length === 1 ? found : undefined;
}
