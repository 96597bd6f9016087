import { expectTypeOf } from 'bun:test';
import {
  MCP_OBSERVE,
  type McpObservedOutcome,
  type McpObservedRequest,
  type McpObserver,
} from '@armorer/mcp';
import {
  MCP_OBSERVE_KEY,
  type McpSpan,
  type McpSpanObserver,
  type ObservedMcpOutcome,
  type ObservedMcpRequest,
} from './mcp-observer';

// The structural copy of @armorer/mcp's observation contract agrees with the original, both ways.
expectTypeOf<ObservedMcpRequest>().toEqualTypeOf<McpObservedRequest>();
expectTypeOf<ObservedMcpOutcome>().toEqualTypeOf<McpObservedOutcome>();
expectTypeOf<McpSpanObserver>().toExtend<McpObserver<McpSpan>>();
// The same registry key (both are Symbol.for('armorer.mcp.observe') at run time).
expectTypeOf(MCP_OBSERVE_KEY).toBeSymbol();
expectTypeOf(MCP_OBSERVE).toBeSymbol();
