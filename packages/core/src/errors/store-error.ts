// StoreError lives in @armorer/approval (the bottom floor) beside the store contracts; the same class here.
export { StoreError, type StoreErrorCode, type StoreErrorOptions } from '@armorer/approval';
