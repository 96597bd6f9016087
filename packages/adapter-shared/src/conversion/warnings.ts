/** Providers the adapters convert to. */
export type AdapterProvider = 'openai' | 'anthropic' | 'gemini';

/** Why a declaration differs from the tool's own schema or name. */
export type ConversionWarningCode =
  /** A keyword the provider does not accept was left out; armorer still validates it. */
  | 'UNSUPPORTED_KEYWORD'
  /** A keyword was rewritten into a weaker form the provider accepts (for example `oneOf` as `anyOf`). */
  | 'RELAXED_KEYWORD'
  /**
   * Strict mode (OpenAI Structured Outputs, Anthropic strict tool use) could not express this tool; it was
   * exported with `strict: false` and its full schema.
   */
  | 'STRICT_UNAVAILABLE'
  /**
   * A keyword is declared as it is, but the provider documents that it does not follow it when it generates
   * a call (Gemini's full JSON Schema); armorer still enforces it.
   */
  | 'IGNORED_KEYWORD'
  /** The tool name does not fit the provider's name rules; the declaration uses another name. */
  | 'NAME_CHANGED'
  /** A property name does not fit the provider's rules for parameter names. */
  | 'INVALID_PROPERTY_NAME';

/**
 * One conversion note: what the provider declaration cannot say that the tool's schema says. Arguments
 * are always validated against the tool's original schema, so the constraint is still enforced.
 */
export interface ConversionWarning {
  readonly provider: AdapterProvider;
  /** The tool's own name. */
  readonly tool: string;
  readonly code: ConversionWarningCode;
  /** JSON Pointer into the tool's input JSON Schema ('' for the tool itself). */
  readonly path: string;
  /** The keyword concerned, when there is one. */
  readonly keyword?: string;
  readonly message: string;
}

/**
 * Collects the warnings of one tool's conversion.
 *
 * @example
 * ```ts
 * const collector = new WarningCollector('gemini', 'search');
 * collector.unsupported('/properties/query', 'minLength');
 * collector.warnings; // [{ provider: 'gemini', tool: 'search', code: 'UNSUPPORTED_KEYWORD', ... }]
 * ```
 */
export class WarningCollector {
  readonly warnings: ConversionWarning[] = [];

  constructor(
    readonly provider: AdapterProvider,
    readonly tool: string,
  ) {}

  add(code: ConversionWarningCode, path: string, keyword: string | undefined, message: string): void {
    const warning: { -readonly [K in keyof ConversionWarning]: ConversionWarning[K] } = {
      provider: this.provider,
      tool: this.tool,
      code,
      path,
      message,
    };
    if (keyword !== undefined) warning.keyword = keyword;
    this.warnings.push(warning);
  }

  /**
   * A new, empty collector for the same provider and tool, for a conversion attempt whose warnings are
   * kept (with {@link WarningCollector.adopt}) only if its result is used.
   */
  fork(): WarningCollector {
    return new WarningCollector(this.provider, this.tool);
  }

  /** Keeps the warnings of a {@link WarningCollector.fork}'s attempt. */
  adopt(attempt: WarningCollector): void {
    if (attempt.warnings.length > 0) this.warnings.push(...attempt.warnings);
  }

  /** Reports a keyword left out of the declaration. */
  unsupported(path: string, keyword: string, detail = ''): void {
    this.add(
      'UNSUPPORTED_KEYWORD',
      path,
      keyword,
      `"${keyword}" at ${path || '(root)'} is not supported by ${PROVIDER_LABEL[this.provider]}${detail}; ` +
        'it was left out of the declaration and is still enforced when the call is validated.',
    );
  }

  /** Reports a keyword declared as it is that the provider does not follow when it generates calls. */
  ignored(path: string, keyword: string, detail = ''): void {
    this.add(
      'IGNORED_KEYWORD',
      path,
      keyword,
      `"${keyword}" at ${path || '(root)'} is declared, but ${PROVIDER_LABEL[this.provider]} does not follow it ` +
        `when it generates a call${detail}; it is still enforced when the call is validated.`,
    );
  }

  /** Reports a keyword rewritten into a weaker form. */
  relaxed(path: string, keyword: string, how: string): void {
    this.add(
      'RELAXED_KEYWORD',
      path,
      keyword,
      `"${keyword}" at ${path || '(root)'} was declared to ${PROVIDER_LABEL[this.provider]} as ${how}; ` +
        'the original constraint is still enforced when the call is validated.',
    );
  }
}

/**
 * Display names used in warning messages.
 *
 * @example
 * ```ts
 * PROVIDER_LABEL.openai; // 'OpenAI'
 * ```
 */
export const PROVIDER_LABEL: Readonly<Record<AdapterProvider, string>> = {
  openai: 'OpenAI',
  anthropic: 'Anthropic',
  gemini: 'Gemini',
};

/** Options every exporter accepts for its conversion report. */
export interface ConversionReportOptions {
  /**
   * Receives the conversion warnings of an export (once per call, only when there are any). Constraints
   * a provider cannot express are listed here instead of being dropped silently.
   */
  readonly onWarnings?: (warnings: readonly ConversionWarning[]) => void;
}
