import { createTool } from '@armorer/core';
import { z } from 'zod';

/** Each unit as a factor to its dimension's base unit (metre, kilogram). */
const LINEAR = {
  mm: ['length', 0.001],
  cm: ['length', 0.01],
  m: ['length', 1],
  km: ['length', 1000],
  in: ['length', 0.0254],
  ft: ['length', 0.3048],
  mi: ['length', 1609.344],
  g: ['mass', 0.001],
  kg: ['mass', 1],
  lb: ['mass', 0.45359237],
  oz: ['mass', 0.028349523125],
} as const;
const TEMPERATURE = ['C', 'F', 'K'] as const;
const UNITS = [...(Object.keys(LINEAR) as (keyof typeof LINEAR)[]), ...TEMPERATURE] as const;
type Unit = (typeof UNITS)[number];
type Temperature = (typeof TEMPERATURE)[number];

function isTemperature(unit: Unit): unit is Temperature {
  return (TEMPERATURE as readonly string[]).includes(unit);
}

function toKelvin(value: number, unit: Temperature): number {
  if (unit === 'C') return value + 273.15;
  if (unit === 'F') return ((value - 32) * 5) / 9 + 273.15;
  return value;
}

function fromKelvin(value: number, unit: Temperature): number {
  if (unit === 'C') return value - 273.15;
  if (unit === 'F') return ((value - 273.15) * 9) / 5 + 32;
  return value;
}

/** Converts between units of length, mass and temperature. */
export function convert(value: number, from: Unit, to: Unit): number {
  if (isTemperature(from) || isTemperature(to)) {
    if (!isTemperature(from) || !isTemperature(to)) throw new Error(`Cannot convert ${from} to ${to}.`);
    return fromKelvin(toKelvin(value, from), to);
  }
  const [fromDimension, fromFactor] = LINEAR[from];
  const [toDimension, toFactor] = LINEAR[to];
  if (fromDimension !== toDimension)
    throw new Error(`Cannot convert ${fromDimension} (${from}) to ${toDimension} (${to}).`);
  return (value * fromFactor) / toFactor;
}

export const convertUnits = createTool({
  name: 'convert-units',
  description: 'Convert a value between units of length, mass or temperature.',
  input: z.object({
    value: z.number().finite(),
    from: z.enum(UNITS),
    to: z.enum(UNITS),
  }),
  tags: ['math', 'units'],
  metadata: { readOnly: true },
  async execute({ value, from, to }) {
    const converted = convert(value, from, to);
    return { value: Math.round(converted * 1000) / 1000, unit: to };
  },
});
