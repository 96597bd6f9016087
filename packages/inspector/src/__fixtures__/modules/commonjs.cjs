// A CommonJS module compiled from ESM: the toolbox is `exports.default`.
const { createToolbox } = require('@armorer/core');
Object.defineProperty(exports, '__esModule', { value: true });
exports.default = () => createToolbox([]);
