import { describe, expect, test } from 'bun:test';
import { FIXTURE_CONTEXT, fixtureToolbox } from '../__fixtures__/toolbox';
import type { EventView, StreamMessage } from '../protocol';
import { InspectorSession } from './session';

async function collect(session: InspectorSession) {
  const messages: StreamMessage[] = [];
  const reader = session.stream().getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const pump = (async () => {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
        const frame = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (frame.startsWith('data: ')) messages.push(JSON.parse(frame.slice(6)) as StreamMessage);
      }
    }
  })();
  return {
    messages,
    events: () => messages.flatMap((message) => (message.kind === 'event' ? [message.event] : [])),
    async stop() {
      await reader.cancel();
      await pump;
    },
  };
}

/** Waits until `check` holds (events travel through a stream, so they arrive a little later). */
async function until(check: () => boolean): Promise<void> {
  for (let waited = 0; !check(); waited += 5) {
    if (waited > 10_000) throw new Error('timed out waiting for the stream');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('InspectorSession', () => {
  test('a run goes through the pipeline; its events reach the stream in order, progress included', async () => {
    const fixture = fixtureToolbox();
    const session = new InspectorSession(fixture.toolbox, FIXTURE_CONTEXT);
    const stream = await collect(session);
    const running = session.run({
      name: 'build-report',
      arguments: '{"quarter":"Q3"}',
      requestContext: FIXTURE_CONTEXT,
      callId: 'call-report',
    });
    await until(() =>
      stream.events().some((event) => event.callId === 'call-report' && event.type === 'progress'),
    );
    expect(stream.events().some((event) => event.type === 'complete')).toBe(false);
    fixture.finishReport();
    const result = await running;
    expect(result).toMatchObject({ outcome: 'success', result: { quarter: 'Q3', pages: 3 } });
    await until(() => stream.events().some((event) => event.type === 'complete'));
    const events = stream.events().filter((event) => event.callId === 'call-report');
    const types = events.map((event) => event.type);
    expect(types.indexOf('execute-start')).toBeLessThan(types.indexOf('progress'));
    expect(types.at(-1)).toBe('complete');
    const seqs = events.map((event) => event.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    const progress = events.filter((event) => event.type === 'progress').map((event) => event.detail);
    expect(progress).toEqual([
      { percent: 40, message: 'collecting' },
      { percent: 100, message: 'done' },
    ]);
    await stream.stop();
    session.close();
  });

  test('stream chunks arrive as events; a malformed argument text fails as a model call would', async () => {
    const fixture = fixtureToolbox();
    const session = new InspectorSession(fixture.toolbox);
    const stream = await collect(session);
    expect(
      await session.run({
        name: 'spell-word',
        arguments: { word: 'abc' },
        requestContext: undefined,
        callId: 's',
      }),
    ).toMatchObject({
      outcome: 'success',
      result: ['a', 'b', 'c'],
    });
    await until(() => stream.events().some((event) => event.type === 'complete'));
    const chunks = stream.events().filter((event: EventView) => event.type === 'stream-chunk');
    expect(chunks.map((event) => (event.detail as { chunk: string }).chunk)).toEqual(['a', 'b', 'c']);
    const bad = await session.run({
      name: 'spell-word',
      arguments: '{"word": "ab"',
      requestContext: undefined,
      callId: 'b',
    });
    expect(bad).toMatchObject({ outcome: 'error', errorCode: 'MALFORMED_ARGUMENTS' });
    const missing = await session.run({
      name: 'spel-word',
      arguments: '{}',
      requestContext: undefined,
      callId: 'm',
    });
    expect(missing.errorCode).toBe('TOOL_NOT_FOUND');
    expect(missing.errorMessage).toContain('spell-word');
    await stream.stop();
    session.close();
  });

  test('a paused call is queued; approving resumes it once; a second answer is refused', async () => {
    const fixture = fixtureToolbox();
    const session = new InspectorSession(fixture.toolbox, FIXTURE_CONTEXT);
    const paused = await session.run({
      name: 'send-email',
      arguments: { to: 'bob@example.com', subject: 'Hi' },
      requestContext: FIXTURE_CONTEXT,
      callId: 'mail-1',
    });
    expect(paused.outcome).toBe('action_required');
    expect(paused.approvalId).toBeString();
    expect(fixture.sent).toEqual([]);
    const [queued] = session.state().approvals;
    expect(queued).toMatchObject({
      id: paused.approvalId,
      state: 'pending',
      toolName: 'send-email',
      resumable: true,
    });
    const approvalId = paused.approvalId as string;
    const [first, second] = await Promise.allSettled([
      session.approve(approvalId),
      session.approve(approvalId),
    ]);
    expect(first.status === 'fulfilled' && first.value.state).toBe('approved');
    expect(second.status === 'rejected' && (second.reason as { status: number }).status).toBe(409);
    expect(fixture.sent).toEqual([{ to: 'bob@example.com', subject: 'Hi' }]);
    await expect(session.approve(approvalId)).rejects.toMatchObject({ status: 409 });
    await expect(session.approve('nope')).rejects.toMatchObject({ status: 404 });
    session.close();
  });

  test('edited arguments are validated again (a bad edit leaves the approval pending), then run', async () => {
    const fixture = fixtureToolbox();
    const session = new InspectorSession(fixture.toolbox, FIXTURE_CONTEXT);
    const paused = await session.run({
      name: 'send-email',
      arguments: { to: 'bob@example.com', subject: 'Hi' },
      requestContext: FIXTURE_CONTEXT,
      callId: 'mail-2',
    });
    const id = paused.approvalId as string;
    const bad = await session.approve(id, { to: 'not an email', subject: 'Hi' });
    expect(bad.state).toBe('pending');
    expect(bad.message).toContain('refused');
    expect(fixture.sent).toEqual([]);
    const good = await session.approve(id, { to: 'carol@example.com', subject: 'Hello' });
    expect(good).toMatchObject({
      state: 'approved',
      result: { outcome: 'success', executedArgumentsEdited: true },
    });
    expect(fixture.sent).toEqual([{ to: 'carol@example.com', subject: 'Hello' }]);
    session.close();
  });

  test('arguments waiting for approval are shown with invisible characters escaped, and edit back exactly', async () => {
    const fixture = fixtureToolbox();
    const session = new InspectorSession(fixture.toolbox, FIXTURE_CONTEXT);
    const subject = `Invoice\u202Efdp.exe ${'x'.repeat(5_000)}`;
    const paused = await session.run({
      name: 'send-email',
      arguments: { to: 'bob@example.com', subject },
      requestContext: FIXTURE_CONTEXT,
      callId: 'mail-hostile',
    });
    const view = session.state().approvals[0];
    if (view === undefined) throw new Error('the paused call is not queued');
    const shown = (view.arguments as { subject: string }).subject;
    expect(shown.startsWith('Invoice\\u{202e}fdp.exe')).toBe(true);
    expect(shown).toContain('more characters');
    expect(view.argumentsJson).toContain('\\u202e');
    expect(JSON.parse(view.argumentsJson ?? '{}').subject).toBe(subject);
    expect((await session.approve(paused.approvalId as string)).state).toBe('approved');
    expect(fixture.sent[0]?.subject).toBe(subject);
    session.close();
  });

  test('deny revokes the binding: the call never runs and cannot be resumed later', async () => {
    const fixture = fixtureToolbox();
    const session = new InspectorSession(fixture.toolbox, FIXTURE_CONTEXT);
    const paused = await fixture.toolbox.execute(
      { id: 'mail-3', name: 'send-email', arguments: { to: 'bob@example.com', subject: 'Hi' } },
      { requestContext: FIXTURE_CONTEXT },
    );
    // A call made by other code through the same toolbox is queued too (from its settled event).
    const [queued] = session.state().approvals;
    expect(queued?.callId).toBe('mail-3');
    expect((await session.deny(queued?.id as string)).state).toBe('denied');
    const replay = await fixture.toolbox.resumeApproval(paused.pendingApproval, {
      requestContext: FIXTURE_CONTEXT,
    });
    expect(replay.outcome).toBe('denied');
    expect(fixture.sent).toEqual([]);
    session.close();
  });

  test('executions are followed with their phases; stats count outcomes and bucket latencies', async () => {
    const fixture = fixtureToolbox();
    const session = new InspectorSession(fixture.toolbox, FIXTURE_CONTEXT);
    for (const orderId of ['ord_1', 'bad', 'ord_2']) {
      await session.run({
        name: 'lookup-order',
        arguments: { orderId },
        requestContext: undefined,
        callId: orderId,
      });
    }
    const { executions, stats } = session.state();
    expect(executions).toHaveLength(3);
    expect(executions[0]?.phases.at(-1)?.state).toBe('terminal');
    const lookup = stats.find((tool) => tool.toolName === 'lookup-order');
    expect(lookup?.outcomes).toEqual({ success: 2, error: 1 });
    expect(lookup?.histogram.reduce((sum, bucket) => sum + bucket.count, 0)).toBe(3);
    session.close();
  });

  test('cancel asks the running call to stop; it ends cancelled', async () => {
    const fixture = fixtureToolbox();
    const session = new InspectorSession(fixture.toolbox);
    const stream = await collect(session);
    const running = session.run({
      name: 'build-report',
      arguments: { quarter: 'Q1' },
      requestContext: undefined,
      callId: 'r-1',
    });
    await until(() => stream.events().some((event) => event.callId === 'r-1' && event.type === 'progress'));
    expect(session.cancel('r-1')).toBe(1);
    expect((await running).outcome).toBe('cancelled');
    expect(session.cancel('r-1')).toBe(0);
    fixture.finishReport();
    await stream.stop();
    session.close();
  });

  test('close removes every listener the session added to the toolbox', async () => {
    const fixture = fixtureToolbox();
    const session = new InspectorSession(fixture.toolbox);
    session.close();
    await fixture.toolbox.execute({ name: 'lookup-order', arguments: { orderId: 'ord_1' } });
    expect(session.state().executions).toEqual([]);
  });
});
