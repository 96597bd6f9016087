import type { ToolConfig, ToolInput } from '@armorer/core';
import { z } from 'zod';

const DOMAINS = [
  'github',
  'gitlab',
  'jira',
  'linear',
  'slack',
  'gmail',
  'calendar',
  'drive',
  'notion',
  'confluence',
  'salesforce',
  'hubspot',
  'stripe',
  'shopify',
  'zendesk',
  'intercom',
  'postgres',
  'redis',
  's3',
  'dynamo',
  'kubernetes',
  'docker',
  'datadog',
  'sentry',
  'pagerduty',
  'twilio',
  'figma',
  'airtable',
  'asana',
  'trello',
] as const;
const VERBS = [
  'create',
  'update',
  'delete',
  'get',
  'list',
  'search',
  'archive',
  'restore',
  'assign',
  'export',
  'import',
  'sync',
  'approve',
  'reject',
  'tag',
  'comment',
  'move',
  'merge',
  'summarize',
  'notify',
] as const;
const NOUNS = [
  'issue',
  'ticket',
  'message',
  'thread',
  'event',
  'file',
  'page',
  'contact',
  'deal',
  'invoice',
  'order',
  'customer',
  'record',
  'deployment',
  'alert',
  'incident',
  'report',
  'task',
  'project',
  'user',
] as const;
const TAGS = [
  'read',
  'write',
  'admin',
  'search',
  'crm',
  'devops',
  'billing',
  'chat',
  'docs',
  'analytics',
] as const;
const MUTATING = new Set<string>([
  'create',
  'update',
  'delete',
  'archive',
  'restore',
  'assign',
  'merge',
  'move',
]);

type FieldFactory = (noun: string) => z.ZodType;
const FIELDS: readonly (readonly [string, FieldFactory])[] = [
  ['id', (noun) => z.string().min(1).describe(`The ${noun} id`)],
  ['query', (noun) => z.string().describe(`Free-text query matched against ${noun} titles`)],
  ['limit', () => z.number().int().min(1).max(100).optional()],
  ['cursor', () => z.string().optional()],
  ['includeArchived', () => z.boolean().optional()],
  ['priority', () => z.enum(['low', 'medium', 'high', 'urgent'])],
  ['title', (noun) => z.string().max(200).describe(`Title of the ${noun}`)],
  ['body', () => z.string().max(10_000)],
  ['assignee', () => z.string().email().optional()],
  ['dueDate', () => z.string().describe('ISO 8601 date')],
  ['amount', () => z.number().nonnegative()],
  ['labels', () => z.array(z.string()).max(10).optional()],
];

function pick<T>(list: readonly T[], index: number): T {
  return list[index % list.length] as T;
}

/** The i-th synthetic tool configuration: distinct name, realistic description, 2-5 tags and fields. */
export function syntheticToolConfig(index: number): ToolConfig<string, ToolInput, unknown> {
  const domain = pick(DOMAINS, index);
  const verb = pick(VERBS, Math.floor(index / DOMAINS.length));
  const noun = pick(NOUNS, Math.floor(index / (DOMAINS.length * VERBS.length)));
  const round = Math.floor(index / (DOMAINS.length * VERBS.length * NOUNS.length));
  const name = `${domain}_${verb}_${noun}${round === 0 ? '' : `_v${round + 1}`}`;

  const fieldCount = 2 + (index % 4);
  const shape: Record<string, z.ZodType> = {};
  for (let offset = 0; offset < fieldCount; offset++) {
    const [key, make] = pick(FIELDS, index + offset * 5);
    shape[key] = make(noun);
  }
  const tags = [pick(TAGS, index), pick(TAGS, index + 3), domain].slice(0, 2 + (index % 2));
  const mutates = MUTATING.has(verb);
  return {
    name,
    description:
      `${verb[0]?.toUpperCase()}${verb.slice(1)} a ${noun} in ${domain}. ` +
      `Use it when the user asks to ${verb} a ${noun}; returns the ${noun} as JSON.`,
    input: z.object(shape),
    tags,
    metadata: {
      mutates,
      readOnly: !mutates,
      cost: index % 3 === 0 ? 'high' : 'low',
      owner: `team-${domain}`,
    },
    execute: async (params: Record<string, unknown>) => ({ ok: true, tool: name, params }),
  };
}
