/*
 * The Standard Schema v1 and Standard JSON Schema v1 interfaces (standardschema.dev), declared here as the
 * specification recommends so that armorer needs no dependency for them. Valibot, ArkType and Zod
 * (3.25+ and 4) implement Standard Schema; Zod 4.2+ and ArkType 2.1.28+ also implement Standard JSON
 * Schema, and Valibot through `toStandardJsonSchema` of `@valibot/to-json-schema`.
 */

/** A validator that follows Standard Schema v1: `~standard.validate` and, for types, `~standard.types`. */
export interface StandardSchemaV1<Input = unknown, Output = Input> {
  readonly '~standard': StandardSchemaV1.Props<Input, Output>;
}

export declare namespace StandardSchemaV1 {
  /** The `~standard` property of a Standard Schema. */
  export interface Props<Input = unknown, Output = Input> {
    readonly version: 1;
    readonly vendor: string;
    readonly validate: (value: unknown) => Result<Output> | Promise<Result<Output>>;
    readonly types?: Types<Input, Output> | undefined;
  }
  /** What `validate` returns. */
  export type Result<Output> = SuccessResult<Output> | FailureResult;
  export interface SuccessResult<Output> {
    readonly value: Output;
    readonly issues?: undefined;
  }
  export interface FailureResult {
    readonly issues: readonly Issue[];
  }
  /** One validation problem. */
  export interface Issue {
    readonly message: string;
    readonly path?: readonly (PropertyKey | PathSegment)[] | undefined;
  }
  export interface PathSegment {
    readonly key: PropertyKey;
  }
  /** The phantom types of a schema. */
  export interface Types<Input = unknown, Output = Input> {
    readonly input: Input;
    readonly output: Output;
  }
  /** The type a schema accepts. */
  export type InferInput<Schema extends StandardSchemaV1> = NonNullable<
    Schema['~standard']['types']
  >['input'];
  /** The type a schema produces. */
  export type InferOutput<Schema extends StandardSchemaV1> = NonNullable<
    Schema['~standard']['types']
  >['output'];
}

/** A schema that follows Standard JSON Schema v1: it converts itself to JSON Schema. */
export interface StandardJSONSchemaV1<Input = unknown, Output = Input> {
  readonly '~standard': StandardJSONSchemaV1.Props<Input, Output>;
}

export declare namespace StandardJSONSchemaV1 {
  export interface Props<Input = unknown, Output = Input> {
    readonly version: 1;
    readonly vendor: string;
    readonly types?: StandardSchemaV1.Types<Input, Output> | undefined;
    readonly jsonSchema: Converter;
  }
  /** Converts the schema's input or output side to JSON Schema of the requested draft. */
  export interface Converter {
    readonly input: (options: Options) => Record<string, unknown>;
    readonly output: (options: Options) => Record<string, unknown>;
  }
  /** The JSON Schema draft to produce; armorer asks for `draft-2020-12`. */
  export type Target = 'draft-2020-12' | 'draft-07' | 'openapi-3.0' | (string & Record<never, never>);
  export interface Options {
    readonly target: Target;
    readonly libraryOptions?: Record<string, unknown> | undefined;
  }
}
