import { createTool } from '@armorer/core';
import { z } from 'zod';

/** A weather tool with optional, nullable, enum, nested and array fields. */
export const getWeather = createTool({
  name: 'get-weather',
  description: 'Current weather for a city',
  input: z.object({
    city: z.string().min(1).describe('City name'),
    units: z.enum(['celsius', 'fahrenheit']).optional(),
    days: z.number().int().min(1).max(7).optional(),
    note: z.string().nullable().optional(),
    when: z.object({ from: z.iso.date(), to: z.iso.date().optional() }).optional(),
    tags: z.array(z.string()).max(5).optional(),
  }),
  execute: async ({ city, units = 'celsius', days, note, when, tags }) => ({
    city,
    units,
    days,
    note,
    when,
    tags,
  }),
});

/** A tool strict mode cannot express: free-form metadata (a record). */
export const saveRecord = createTool({
  name: 'records.save',
  description: 'Save a record with free-form metadata',
  input: z.object({ id: z.string(), metadata: z.record(z.string(), z.string()) }),
  metadata: { mutates: true },
  execute: async ({ id }) => ({ saved: id }),
});

/** A tuple and a union. */
export const plot = createTool({
  name: 'plot_point',
  description: 'Plot a point',
  input: z.object({
    point: z.tuple([z.number(), z.number()]),
    label: z.union([z.string(), z.number()]).optional(),
    website: z.url().optional(),
  }),
  execute: async ({ point }) => point,
});

/** A tool that is never available: `toolbox.getAvailable()` leaves it out. */
export const hidden = createTool({
  name: 'hidden',
  description: 'x',
  availability: () => false,
  execute: () => 1,
});
