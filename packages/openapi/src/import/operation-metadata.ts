import type { ToolMetadata, ToolRisk } from '@armorer/core';
import { ARMORER_EXTENSION } from '../openapi-constants';
import { isObject, type JsonObject, setKey } from '../schema/json';
import type { WarningList } from './warnings';

/** Where an operation sits, for its metadata and warnings. */
export interface OperationSite {
  readonly method: string;
  readonly path: string;
  readonly operationId: string | undefined;
  readonly pointer: string;
  readonly tool: string;
}

/**
 * Keys armorer decides itself, or keeps only in their restrictive form: a document is untrusted input, so it
 * may tighten a guard (`mutates: true` on a GET, `dangerous: true`, a concurrency limit) but never loosen one.
 * `readOnly`/`mutates` follow the HTTP method; `timeoutMs` would override the operator's timeout middleware;
 * `idempotent: true` and `openWorld: false` tell MCP clients a call is safer than it may be; `openapi` is
 * where the request really goes.
 */
function restrictive(key: string, value: unknown): boolean | undefined {
  switch (key) {
    case 'mutates':
    case 'dangerous':
    case 'openWorld':
      return value === true;
    case 'idempotent':
      return value === false;
    case 'concurrency':
      return Number.isSafeInteger(value) && (value as number) > 0;
    case 'readOnly':
    case 'timeoutMs':
    case 'openapi':
      return false;
    default:
      return undefined;
  }
}

/**
 * The metadata and risk of an imported operation. The method decides `readOnly` (GET, HEAD) or `mutates`
 * (the rest); the `x-armorer` extension (written by `toOpenAPI`) may add keys and restrictions, and every
 * loosening key it holds is dropped with an `IGNORED_METADATA` warning.
 */
export function operationMetadata(
  operation: JsonObject,
  site: OperationSite,
  warnings: WarningList,
): { metadata: ToolMetadata; risk: ToolRisk | undefined } {
  const extension = operation[ARMORER_EXTENSION];
  const declared = isObject(extension) && isObject(extension['metadata']) ? extension['metadata'] : {};
  const metadata: JsonObject = {};
  const ignored: string[] = [];
  for (const key of Object.keys(declared)) {
    const value = declared[key];
    const keep = restrictive(key, value);
    if (keep === false) {
      // Restating what the method already implies is not a loosening.
      if (!(key === 'readOnly' && value === true && isSafeMethod(site.method)) && key !== 'mutates')
        ignored.push(key);
      continue;
    }
    if (key === 'outputSchema') continue;
    setKey(metadata, key, value);
  }
  if (declared['mutates'] === false && !isSafeMethod(site.method)) ignored.push('mutates');
  if (isSafeMethod(site.method) && metadata['mutates'] !== true) metadata['readOnly'] = true;
  else metadata['mutates'] = true;
  metadata['openapi'] = {
    method: site.method,
    path: site.path,
    ...(site.operationId === undefined ? {} : { operationId: site.operationId }),
  };
  if (operation['deprecated'] === true) metadata['deprecated'] = true;
  if (ignored.length > 0) {
    warnings.add({
      code: 'IGNORED_METADATA',
      message: `x-armorer metadata may only add restrictions; ignored: ${ignored.join(', ')}.`,
      pointer: `${site.pointer}/${ARMORER_EXTENSION}/metadata`,
      tool: site.tool,
    });
  }
  return { metadata, risk: riskOf(extension) };
}

function isSafeMethod(method: string): boolean {
  return method === 'GET' || method === 'HEAD';
}

/** Risk flags only add care (`untrustedOutput: true`); a `false` would be meaningless, so it is left out. */
function riskOf(extension: unknown): ToolRisk | undefined {
  if (!isObject(extension) || !isObject(extension['risk'])) return undefined;
  const risk: JsonObject = {};
  for (const key of Object.keys(extension['risk'])) {
    const value = extension['risk'][key];
    if (key === 'untrustedOutput' && value !== true) continue;
    setKey(risk, key, value);
  }
  return Object.keys(risk).length === 0 ? undefined : (risk as ToolRisk);
}
