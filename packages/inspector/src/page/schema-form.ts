/**
 * A form generated from a tool's JSON Schema: nested objects as fieldsets, arrays with add and remove,
 * enums as selects, optional fields left out while empty, and a JSON box for whatever a form cannot
 * express (unions, maps). Every field is labelled by its property name.
 */
import { type Child, h, uid } from './dom';
import { isSchema, resolve, type Schema, unwrapNullable } from './json-schema';

/** Left out of the arguments (an empty optional field). */
export const OMIT: unique symbol = Symbol('omit');
type Read = unknown | typeof OMIT;

interface Field {
  readonly element: HTMLElement;
  read(): Read;
}

interface Context {
  readonly root: Schema;
  readonly changed: () => void;
  readonly depth: number;
}

function describedBy(schema: Schema): { id: string | undefined; node: Child } {
  const description = schema.description;
  if (typeof description !== 'string' || description === '') return { id: undefined, node: null };
  const id = uid('desc');
  return { id, node: h('small', { id, class: 'hint' }, description) };
}

function row(name: string, id: string, required: boolean, control: HTMLElement, hint: Child): HTMLElement {
  return h(
    'div',
    { class: 'field' },
    h('label', { for: id }, name),
    required ? h('span', { class: 'required', 'aria-hidden': 'true', title: 'required' }, '*') : null,
    control,
    hint,
  );
}

function jsonField(name: string, schema: Schema, value: unknown, required: boolean, context: Context): Field {
  const id = uid('field');
  const hint = describedBy(schema);
  const control = h('textarea', {
    id,
    rows: 3,
    class: 'code',
    spellcheck: 'false',
    'aria-required': required ? 'true' : undefined,
    'aria-describedby': hint.id,
    value: value === undefined ? '' : JSON.stringify(value, null, 2),
    onInput: context.changed,
  });
  return {
    element: row(`${name}`, id, required, control, [hint.node, h('small', { class: 'hint' }, 'JSON')]),
    read() {
      const text = control.value.trim();
      if (text === '') return OMIT;
      try {
        return JSON.parse(text);
      } catch {
        return text;
      }
    },
  };
}

function enumField(
  name: string,
  options: readonly unknown[],
  value: unknown,
  required: boolean,
  hint: ReturnType<typeof describedBy>,
  context: Context,
): Field {
  const id = uid('field');
  const select = h(
    'select',
    {
      id,
      'aria-required': required ? 'true' : undefined,
      'aria-describedby': hint.id,
      onChange: context.changed,
    },
    h('option', { value: '' }, required ? 'choose…' : '(not set)'),
    options.map((option, index) =>
      h(
        'option',
        { value: String(index), selected: JSON.stringify(option) === JSON.stringify(value) },
        typeof option === 'string' ? option : JSON.stringify(option),
      ),
    ),
  );
  return {
    element: row(name, id, required, select, hint.node),
    read: () => (select.value === '' ? OMIT : options[Number(select.value)]),
  };
}

function scalarField(
  name: string,
  schema: Schema,
  value: unknown,
  required: boolean,
  nullable: boolean,
  context: Context,
): Field {
  const hint = describedBy(schema);
  const options = Array.isArray(schema.enum) ? schema.enum : 'const' in schema ? [schema.const] : undefined;
  if (options !== undefined) return enumField(name, options, value, required, hint, context);
  const type = schema.type;
  const id = uid('field');
  const common = { id, 'aria-required': required ? 'true' : undefined, 'aria-describedby': hint.id };
  if (type === 'boolean') {
    if (required) {
      const box = h('input', {
        ...common,
        type: 'checkbox',
        checked: value === true,
        onChange: context.changed,
      });
      return { element: row(name, id, required, box, hint.node), read: () => box.checked };
    }
    return enumField(name, [true, false], value, required, hint, context);
  }
  if (type === 'number' || type === 'integer') {
    const input = h('input', {
      ...common,
      type: 'number',
      step: type === 'integer' ? '1' : 'any',
      value: typeof value === 'number' ? String(value) : '',
      onInput: context.changed,
    });
    return {
      element: row(name, id, required, input, hint.node),
      read: () => (input.value === '' ? (nullable && required ? null : OMIT) : Number(input.value)),
    };
  }
  const maxLength = typeof schema.maxLength === 'number' ? schema.maxLength : undefined;
  const format = schema.format;
  const long = maxLength === undefined || maxLength > 120;
  const control =
    long && format === undefined
      ? h('textarea', {
          ...common,
          rows: 2,
          value: typeof value === 'string' ? value : '',
          onInput: context.changed,
        })
      : h('input', {
          ...common,
          type: format === 'date' ? 'date' : format === 'email' ? 'email' : format === 'uri' ? 'url' : 'text',
          value: typeof value === 'string' ? value : '',
          onInput: context.changed,
        });
  return {
    element: row(name, id, required, control, hint.node),
    read: () =>
      control.value === '' && !required ? OMIT : control.value === '' && nullable ? null : control.value,
  };
}

function arrayField(
  name: string,
  schema: Schema,
  value: unknown,
  required: boolean,
  context: Context,
): Field {
  const itemSchema = isSchema(schema.items) ? schema.items : {};
  const list = h('div', { class: 'items' });
  const items: Field[] = [];
  const hint = describedBy(schema);
  const fieldset = h(
    'fieldset',
    { class: 'array', 'aria-describedby': hint.id },
    h('legend', {}, name),
    hint.node,
    list,
  );
  const renumber = () => {
    items.forEach((item, index) => {
      const remove = item.element.querySelector(':scope > .remove');
      remove?.setAttribute('aria-label', `Remove ${name} ${index + 1}`);
    });
  };
  const add = (initial: unknown) => {
    const inner = fieldFor(`${name} ${items.length + 1}`, itemSchema, initial, true, {
      ...context,
      depth: context.depth + 1,
    });
    const wrapper = h('div', { class: 'item' }, inner.element);
    const item: Field = { element: wrapper, read: inner.read };
    const remove = h(
      'button',
      {
        type: 'button',
        class: 'remove',
        onClick: () => {
          items.splice(items.indexOf(item), 1);
          wrapper.remove();
          renumber();
          context.changed();
        },
      },
      'Remove',
    );
    wrapper.appendChild(remove);
    items.push(item);
    list.appendChild(wrapper);
    renumber();
  };
  if (Array.isArray(value)) for (const item of value) add(item);
  fieldset.appendChild(
    h(
      'button',
      {
        type: 'button',
        'aria-label': `Add ${name} item`,
        onClick: () => {
          add(undefined);
          context.changed();
        },
      },
      'Add item',
    ),
  );
  return {
    element: fieldset,
    read: () => {
      if (items.length === 0 && !required) return OMIT;
      return items.map((item) => {
        const read = item.read();
        return read === OMIT ? null : read;
      });
    },
  };
}

function objectField(
  name: string | undefined,
  schema: Schema,
  value: unknown,
  required: boolean,
  context: Context,
): Field {
  const properties = isSchema(schema.properties) ? schema.properties : {};
  const requiredNames = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  const current = isSchema(value) ? value : {};
  const fields = Object.entries(properties)
    .filter((entry): entry is [string, Schema] => isSchema(entry[1]))
    .map(
      ([key, child]) =>
        [
          key,
          fieldFor(key, child, current[key], requiredNames.has(key), {
            ...context,
            depth: context.depth + 1,
          }),
        ] as const,
    );
  const hint = name === undefined ? { id: undefined, node: null } : describedBy(schema);
  const element =
    name === undefined
      ? h(
          'div',
          { class: 'object' },
          fields.map(([, field]) => field.element),
        )
      : h(
          'fieldset',
          { class: 'object', 'aria-describedby': hint.id },
          h('legend', {}, name),
          hint.node,
          fields.map(([, field]) => field.element),
        );
  return {
    element,
    read: () => {
      const out: Record<string, unknown> = {};
      for (const [key, field] of fields) {
        const read = field.read();
        if (read !== OMIT) out[key] = read;
      }
      return Object.keys(out).length === 0 && !required ? OMIT : out;
    },
  };
}

function fieldFor(name: string, raw: Schema, value: unknown, required: boolean, context: Context): Field {
  const { schema, nullable } = unwrapNullable(resolve(raw, context.root));
  const initial = value === undefined ? schema.default : value;
  const type = schema.type;
  if (context.depth > 8) return jsonField(name, schema, initial, required, context);
  if (
    type === 'object' &&
    isSchema(schema.properties) &&
    schema.additionalProperties !== true &&
    !isSchema(schema.additionalProperties)
  ) {
    return objectField(name, schema, initial, required, context);
  }
  if (type === 'array' && isSchema(schema.items)) return arrayField(name, schema, initial, required, context);
  if (
    Array.isArray(schema.enum) ||
    'const' in schema ||
    type === 'string' ||
    type === 'number' ||
    type === 'integer' ||
    type === 'boolean'
  ) {
    return scalarField(name, schema, initial, required, nullable, context);
  }
  return jsonField(name, schema, initial, required, context);
}

/** The form of a tool's arguments, and how to read it back. */
export interface SchemaForm {
  readonly element: HTMLElement;
  read(): Record<string, unknown>;
}

/**
 * Builds the form for an object schema, filled with `value` (or the schema's defaults). `changed` runs on
 * every edit.
 */
export function buildForm(schema: unknown, value: unknown, changed: () => void): SchemaForm {
  const root = isSchema(schema) ? schema : {};
  const field = objectField(undefined, resolve(root, root), value, true, { root, changed, depth: 0 });
  return {
    element: field.element,
    read: () => {
      const read = field.read();
      return read === OMIT || !isSchema(read) ? {} : (read as Record<string, unknown>);
    },
  };
}
