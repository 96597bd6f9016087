/**
 * Internal option key a resume travels under through the pipeline. A module of its own: the pipeline
 * reads the key on every call, and the resume machinery (`./resume-state`) loads only with a resume.
 */
export const RESUME: unique symbol = Symbol('armorer.approval.resume');
