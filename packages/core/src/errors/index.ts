export * from './armorer-error';
export * from './create-tool-error';
export * from './store-error';
export * from './tool-call-error';
// toolErrorOf stays internal: the public way to build an error is createToolError.
export {
  describeThrown,
  type ToolError,
  type ToolErrorCategory,
  type ToolErrorCode,
  type ToolErrorDetails,
  type ValidationIssue,
} from './tool-error';
