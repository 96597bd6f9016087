import { createTool, createToolbox } from '@armorer/core';
import { z } from 'zod';

/** A secret for the fixture's approvals (never a real one). */
export const FIXTURE_SECRET = 'inspector-fixture-secret-0123456789abcdef';

/** The request context the fixture's calls run under. */
export const FIXTURE_CONTEXT = {
  authority: { principalId: 'ada', tenantId: 'acme', ownerId: 'chat-1', capabilities: ['mail:send'] },
  audience: 'tenant',
  agentId: 'planner',
  runId: 'run-1',
  sessionId: 'session-1',
} as const;

/** A promise the test resolves: lets a tool stop in the middle of its work. */
export function gate(): { readonly wait: Promise<void>; open(): void } {
  let open = () => {};
  const wait = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { wait, open };
}

/**
 * A toolbox with one tool of each kind the inspector shows: a mutating one that pauses for approval, a
 * read-only one, one reporting progress (held until the test opens its gate), one streaming chunks, one
 * hidden by its availability hook. `sent` records every email that really went out.
 */
export function fixtureToolbox() {
  const sent: { to: string; subject: string }[] = [];
  let reportGate = gate();
  const sendEmail = createTool({
    name: 'send-email',
    description: 'Send an email to a recipient.',
    input: z.object({ to: z.email(), subject: z.string().min(1), body: z.string().optional() }),
    tags: ['communication'],
    metadata: { mutates: true },
    async execute({ to, subject }) {
      sent.push({ to, subject });
      return { sent: true, to };
    },
  });
  const lookupOrder = createTool({
    name: 'lookup-order',
    description: 'Look up an order by its id and show its status.',
    input: z.object({ orderId: z.string().regex(/^ord_\w+$/), verbose: z.boolean().optional() }),
    tags: ['orders'],
    metadata: { readOnly: true },
    async execute({ orderId }) {
      return { orderId, status: 'shipped' };
    },
  });
  const buildReport = createTool({
    name: 'build-report',
    description: 'Build a quarterly report, reporting progress.',
    input: z.object({ quarter: z.enum(['Q1', 'Q2', 'Q3', 'Q4']) }),
    metadata: { readOnly: true },
    async execute({ quarter }, { progress }) {
      progress({ percent: 40, message: 'collecting' });
      await reportGate.wait;
      progress({ percent: 100, message: 'done' });
      return { quarter, pages: 3 };
    },
  });
  const spell = createTool({
    name: 'spell-word',
    description: 'Stream the letters of a word.',
    input: z.object({ word: z.string().min(1).max(20) }),
    async *execute({ word }) {
      for (const letter of word) yield letter;
    },
  });
  const hidden = createTool({
    name: 'gpu-render',
    description: 'Render on the GPU.',
    availability: () => false,
    execute: () => 'rendered',
  });
  const toolbox = createToolbox([sendEmail, lookupOrder, buildReport, spell, hidden], {
    approvalSecret: FIXTURE_SECRET,
    approvalPolicy: { mode: 'risky' },
  });
  return {
    toolbox,
    sent,
    /** Lets the running build-report finish, and arms a new gate for the next call. */
    finishReport() {
      const current = reportGate;
      reportGate = gate();
      current.open();
    },
  };
}
