/**
 * @armorer/store-shared: what the armorer durable stores (`@armorer/store-sqlite`, `-redis`, `-postgres`)
 * share, so they are one API on three backends: the option names and defaults ({@link StoreOptions},
 * {@link STORE_DEFAULTS}), the result shape ({@link ArmorerStores}), the checks of a factory's options with
 * errors that say what to write instead, and per-operation deadlines. Application code uses a store
 * package; this one is for store authors.
 *
 * @example
 * ```ts
 * import { resolveStoreOptions } from '@armorer/store-shared';
 *
 * const settings = resolveStoreOptions(spec, options); // throws a misconfigured StoreError on a mistake
 * ```
 *
 * @module
 */
export { withDeadline } from './deadline/with-deadline';
export { describeValue, looksLikeClient } from './errors/describe-value';
export { misconfigured } from './errors/misconfigured';
export { thrownCode, thrownMessage } from './errors/thrown';
export { closestName } from './options/closest-name';
export type { StoreFactorySpec, StoreOptions, StoreSettings } from './options/store-options';
export { resolveStoreOptions, STORE_DEFAULTS } from './options/store-options';
export type { ArmorerStores } from './stores/armorer-stores';
