export * from './armorer-error';
export * from './create-tool-error';
export * from './store-error';
export * from './tool-call-error';
export * from './tool-error';
