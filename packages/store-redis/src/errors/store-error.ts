// One StoreError for every armorer store: defined in @armorer/core, re-exported here so existing imports work.
export { StoreError, type StoreErrorCode, type StoreErrorOptions } from '@armorer/core';
