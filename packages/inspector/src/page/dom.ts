/**
 * A few lines instead of a UI framework: elements are built with `h`, text always goes in as text nodes
 * (never as HTML), so nothing a tool or a model produced can become markup on the page.
 */
export type Child = Node | string | number | null | undefined | false | readonly Child[];

type Props = Readonly<Record<string, unknown>>;

let ids = 0;

/** A fresh element id, for labels and descriptions. */
export function uid(prefix: string): string {
  ids++;
  return `${prefix}-${ids}`;
}

function append(parent: Node, child: Child): void {
  if (child === null || child === undefined || child === false) return;
  if (Array.isArray(child)) {
    for (const item of child) append(parent, item);
    return;
  }
  parent.appendChild(
    typeof child === 'string' || typeof child === 'number'
      ? document.createTextNode(String(child))
      : (child as Node),
  );
}

/**
 * Builds an element. Props: `on<event>` functions become listeners, `class` the class name, properties the
 * element has (`value`, `checked`, `disabled`, `hidden`, ...) are set as properties, the rest as attributes.
 */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Props = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith('on') && typeof value === 'function') {
      element.addEventListener(key.slice(2).toLowerCase(), value as EventListener);
    } else if (key === 'class') {
      element.className = String(value);
    } else if (key in element && !key.includes('-') && typeof value !== 'string') {
      (element as unknown as Record<string, unknown>)[key] = value;
    } else if (key === 'value' || key === 'checked') {
      (element as unknown as Record<string, unknown>)[key] = value;
    } else {
      element.setAttribute(key, value === true ? '' : String(value));
    }
  }
  append(element, children);
  return element;
}

/** Replaces an element's children. */
export function fill(element: Element, ...children: Child[]): void {
  element.replaceChildren();
  append(element, children);
}

/** JSON as indented text. */
export function pretty(value: unknown): string {
  if (value === undefined) return '';
  try {
    return JSON.stringify(value, null, 2) ?? '';
  } catch {
    return String(value);
  }
}

/** A `<pre>` of JSON. */
export function jsonBlock(value: unknown, label?: string): HTMLPreElement {
  return h('pre', { class: 'json', ...(label === undefined ? {} : { 'aria-label': label }) }, pretty(value));
}

/** A duration for people. */
export function formatMs(ms: number | undefined): string {
  if (ms === undefined) return '';
  return ms < 1_000 ? `${Math.round(ms * 10) / 10} ms` : `${Math.round(ms / 100) / 10} s`;
}
