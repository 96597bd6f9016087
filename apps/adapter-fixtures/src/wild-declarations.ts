/**
 * MCP tool declarations in the shapes that break naive converters, one per failure class seen in public
 * MCP servers (written for these tests; not copied from any server): references to JSON Pointers that
 * zod-to-json-schema emits, Pydantic's `$defs`, `Dict[str, float]` records and `Optional` unions, draft-4
 * bounds and `definitions`, tools without parameters, root-level `anyOf`, recursion, free-form values.
 * The last one is invalid on purpose (a remote reference) and must be reported, not imported.
 */
export interface WildTool {
  readonly name: string;
  readonly description: string;
  readonly inputSchema: Record<string, unknown>;
}

export const WILD_TOOLS: readonly WildTool[] = [
  {
    name: 'create_issue',
    description: 'Create an issue (zod-to-json-schema with $refStrategy "relative")',
    inputSchema: {
      type: 'object',
      properties: {
        data: {
          type: 'object',
          properties: {
            title: { type: 'string', minLength: 1 },
            labels: { type: 'array', items: { type: 'string' } },
          },
          required: ['title'],
          additionalProperties: false,
        },
        duplicateOf: { $ref: '#/properties/data/properties/title' },
        extraLabels: { $ref: '#/properties/data/properties/labels' },
      },
      required: ['data'],
      additionalProperties: false,
      $schema: 'http://json-schema.org/draft-07/schema#',
    },
  },
  {
    name: 'record_metrics',
    description: 'Record metrics (Pydantic: Dict[str, float], Optional[str] = None, nested model in $defs)',
    inputSchema: {
      $defs: {
        Window: {
          properties: {
            start: { format: 'date-time', title: 'Start', type: 'string' },
            hours: { default: 24, title: 'Hours', type: 'integer' },
          },
          required: ['start'],
          title: 'Window',
          type: 'object',
        },
      },
      properties: {
        values: { additionalProperties: { type: 'number' }, title: 'Values', type: 'object' },
        unit: { anyOf: [{ type: 'string' }, { type: 'null' }], default: null, title: 'Unit' },
        window: { $ref: '#/$defs/Window', description: 'Time window' },
        previous: { anyOf: [{ $ref: '#/$defs/Window' }, { type: 'null' }], default: null },
      },
      required: ['values', 'window'],
      title: 'record_metricsArguments',
      type: 'object',
    },
  },
  {
    name: 'search_code',
    description: 'Search code (draft-4 bounds and definitions)',
    inputSchema: {
      $schema: 'http://json-schema.org/draft-04/schema#',
      type: 'object',
      properties: {
        query: { type: 'string' },
        page: { type: 'integer', minimum: 0, exclusiveMinimum: true },
        perPage: { type: 'integer', minimum: 1, maximum: 100, exclusiveMaximum: false, default: 30 },
        sort: { $ref: '#/definitions/Sort' },
      },
      required: ['query'],
      definitions: { Sort: { type: 'string', enum: ['indexed', 'best-match'] } },
    },
  },
  {
    name: 'get_me',
    description: 'The signed-in user (no parameters)',
    inputSchema: { type: 'object', properties: {} },
  },
  { name: 'list_projects', description: 'Projects (no properties keyword)', inputSchema: { type: 'object' } },
  {
    name: 'update_target',
    description: 'Either an id or a path is needed (root anyOf of required)',
    inputSchema: {
      type: 'object',
      properties: { id: { type: 'string' }, path: { type: 'string' }, body: { type: 'string' } },
      required: ['body'],
      anyOf: [{ required: ['id'] }, { required: ['path'] }],
    },
  },
  {
    name: 'send_event',
    description: 'A discriminated union (oneOf) and free-form payloads',
    inputSchema: {
      type: 'object',
      properties: {
        event: {
          oneOf: [
            {
              type: 'object',
              properties: { kind: { const: 'click' }, x: { type: 'number' }, y: { type: 'number' } },
              required: ['kind', 'x', 'y'],
            },
            {
              type: 'object',
              properties: { kind: { const: 'key' }, key: { type: 'string' } },
              required: ['kind', 'key'],
            },
          ],
        },
        payload: { type: 'object', additionalProperties: true, description: 'Anything' },
        extra: { description: 'Any JSON value' },
      },
      required: ['event'],
    },
  },
  {
    name: 'write_tree',
    description: 'A recursive tree through $defs and through the root',
    inputSchema: {
      type: 'object',
      properties: {
        root: { $ref: '#/$defs/node' },
        next: { type: 'array', items: { $ref: '#' }, maxItems: 3 },
      },
      required: ['root'],
      $defs: {
        node: {
          type: 'object',
          properties: {
            name: { type: 'string' },
            children: { type: 'array', items: { $ref: '#/$defs/node' } },
          },
          required: ['name'],
        },
      },
    },
  },
  {
    name: 'move_point',
    description: 'Draft-4 tuple items, nullable type lists, allOf composition',
    inputSchema: {
      type: 'object',
      properties: {
        point: { type: 'array', items: [{ type: 'number' }, { type: 'number' }], additionalItems: false },
        label: { type: ['string', 'null'], examples: ['home'] },
        style: {
          allOf: [
            { $ref: '#/definitions/Base' },
            { properties: { color: { type: 'string', format: 'uri' } } },
          ],
        },
      },
      required: ['point'],
      definitions: {
        Base: { type: 'object', properties: { width: { type: 'integer', exclusiveMinimum: 0 } } },
      },
    },
  },
  {
    name: 'fetch_remote',
    description: 'Refers to a schema on another server (cannot be imported)',
    inputSchema: {
      type: 'object',
      properties: { config: { $ref: 'https://example.com/schemas/config.json' } },
    },
  },
];

/** How many of {@link WILD_TOOLS} are invalid on purpose. */
export const WILD_INVALID = ['fetch_remote'];
