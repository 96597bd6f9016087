/**
 * armorer/adapters/open-ai/agents: re-exports `@armorer/adapter-openai-agents` (server-only; needs the
 * optional peer `@openai/agents`).
 *
 * @module
 */
export * from '@armorer/adapter-openai-agents';
