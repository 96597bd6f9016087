import { expectTypeOf, test } from 'bun:test';
import { createToolbox, type ToolExecuteOptions } from '@armorer/core';
import { context, type Span, trace } from '@opentelemetry/api';
import { instrument } from './index';

test('OpenTelemetry contexts and links are accepted as execute options', () => {
  const toolbox = createToolbox();
  const stop = instrument(toolbox);
  expectTypeOf(stop).toEqualTypeOf<() => void>();
  const span = {} as Span;
  const options: ToolExecuteOptions = {
    parentContext: trace.setSpan(context.active(), span),
    spanLinks: [{ context: span.spanContext() }, { context: span.spanContext(), attributes: { a: 1 } }],
  };
  void toolbox.execute({ name: 'x' }, options);
  void toolbox.execute([{ name: 'x' }], { parentContext: context.active(), concurrency: 2 });
  // @ts-expect-error a link needs a span context
  void toolbox.execute({ name: 'x' }, { spanLinks: [{ attributes: {} }] });
});
