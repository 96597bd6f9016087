import { z } from 'zod';
import { createTool } from '../tool/public';

/** A two-number tool used across the tests. */
export function makeAddTool() {
  return createTool({
    name: 'add-numbers',
    description: 'Add two numbers together',
    input: z.object({ a: z.number(), b: z.number() }),
    tags: ['math', 'calculator'],
    async execute({ a, b }) {
      return a + b;
    },
  });
}

/** A tool that greets, with an optional flag. */
export function makeGreetTool() {
  return createTool({
    name: 'greet-user',
    description: 'Greet a user by name',
    input: z.object({ name: z.string(), formal: z.boolean().optional() }),
    async execute({ name, formal }) {
      return formal ? `Good day, ${name}.` : `Hey ${name}!`;
    },
  });
}

/** A promise that settles after `ms` milliseconds. */
export function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
