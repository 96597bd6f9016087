import { type AnyTool, createTool } from '@armorer/core';
import { z } from 'zod';

/** A small, realistic set of tools with tags, metadata, risk flags and described parameters. */
export function makeTools(): AnyTool[] {
  return [
    createTool({
      name: 'send-email',
      description: 'Send an email to one or more recipients',
      input: z.object({
        to: z.array(z.string()).describe('Recipient addresses'),
        subject: z.string(),
        body: z.string().describe('Plain-text message body'),
      }),
      tags: ['communication', 'email'],
      metadata: {
        mutates: true,
        tier: 'premium',
        capabilities: ['write', 'notify'],
        owner: 'team-messaging',
        cost: 3,
      },
      execute: async () => ({ sent: true }),
    }),
    createTool({
      name: 'fetch-weather',
      description: 'Get the current weather forecast for a city',
      input: z.object({
        city: z.string().describe('City name'),
        units: z.enum(['celsius', 'fahrenheit']).optional(),
      }),
      tags: ['weather', 'api'],
      metadata: { readOnly: true, tier: 'free', capabilities: ['read'], owner: 'team-data', cost: 1 },
      execute: async () => ({ temperature: 21 }),
    }),
    createTool({
      name: 'web.fetch',
      description: 'Fetch a web page and return its text',
      input: z.object({ url: z.string().url() }),
      tags: ['web'],
      risk: { untrustedOutput: true },
      metadata: { readOnly: true, cost: 2 },
      execute: async () => 'page',
    }),
    createTool({
      name: 'createCalendarEvent',
      description: 'Schedule a meeting on the calendar and invite attendees',
      input: z.object({
        title: z.string(),
        startTime: z.string().describe('ISO 8601 start time'),
        attendees: z.array(z.string()).optional(),
      }),
      tags: ['calendar', 'Scheduling'],
      metadata: { mutates: true, owner: 'team-calendar' },
      execute: async () => ({ id: 'evt_1' }),
    }),
    createTool({
      name: 'github_list_issues',
      description: 'List the open issues of a GitHub repository',
      input: z.object({
        owner: z.string(),
        repo: z.string(),
        state: z.enum(['open', 'closed']).default('open'),
      }),
      tags: ['github', 'read'],
      metadata: { readOnly: true, owner: 'team-devtools', cost: 1 },
      execute: async () => [],
    }),
  ];
}
