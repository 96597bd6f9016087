import { describe, expect, test } from 'bun:test';
import { double, sendEmail } from '../__fixtures__/tools';
import { CompositionError } from '../errors/composition-error';
import { bind } from './bind';

describe('bind', () => {
  const sendAlert = bind(sendEmail, { to: 'alerts@example.com' }, { name: 'send-alert' });

  test('fixes arguments and removes them from the schema', async () => {
    expect(await sendAlert({ subject: 'Outage', body: 'Investigating' })).toBe(
      'sent "Outage" to alerts@example.com',
    );
    expect(Object.keys(sendAlert.schema.shape)).toEqual(['subject', 'body']);
    expect(sendAlert.toJSON().input).toMatchObject({ required: ['subject', 'body'] });
    expect(sendAlert.name).toBe('send-alert');
    expect(sendAlert.metadata).toEqual({ mutates: true });
  });

  test('bound values win over values the caller slips in', async () => {
    const result = await sendAlert.execute({
      name: 'send-alert',
      arguments: { subject: 's', body: 'b', to: 'attacker@example.com' },
    });
    expect(result.result).toBe('sent "s" to alerts@example.com');
  });

  test('validates the remaining arguments', async () => {
    const result = await sendAlert.execute({ name: 'send-alert', arguments: { subject: 1 } });
    expect(result.error?.code).toBe('INVALID_ARGUMENTS');
    expect(result.error?.details?.issues?.map((issue) => issue.path.join('.'))).toEqual(['subject', 'body']);
  });

  test('binding everything leaves a tool without arguments', async () => {
    const fixed = bind(double, { value: 21 });
    expect(fixed.name).toBe('bind-double');
    expect(await fixed()).toEqual({ value: 42 });
  });

  test('rejects unknown keys, invalid values and non-objects at bind time', () => {
    expect(() => bind(sendEmail, { cc: 'x' } as never)).toThrow(/has no input "cc"/);
    expect(() => bind(sendEmail, { to: 'not-an-email' })).toThrow(CompositionError);
    expect(() => bind(sendEmail, null as never)).toThrow(/must be an object/);
    expect(() => bind(sendEmail, ['to'] as never)).toThrow(CompositionError);
    expect(() => bind({ name: 'fake' } as never, {} as never)).toThrow(/not a tool/);
  });
});
