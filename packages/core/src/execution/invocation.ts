import type { AnyTool, ToolCallContext, ToolConfiguration } from '../tool/types';
import { definitionRevision } from './definition-revision';
import type { InterceptedInvocation } from './interceptor';
import type { ToolCall } from './types';

/** The invocation handed to an interceptor; a class so a call allocates no closures. */
export class Invocation implements InterceptedInvocation {
  constructor(
    readonly call: ToolCall,
    readonly params: Record<string, unknown>,
    readonly context: ToolCallContext,
    readonly tool: AnyTool,
    readonly configuration: ToolConfiguration,
    readonly policyRevision: string | undefined,
  ) {}

  get toolRevision(): string {
    return definitionRevision(this.configuration);
  }

  proceed(): unknown {
    return this.configuration.execute(this.params, this.context as never);
  }
}
