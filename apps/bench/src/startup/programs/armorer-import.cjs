// Start-up contender (CommonJS): a program that requires createTool and createToolbox from armorer.
const { createTool, createToolbox } = require('armorer');

if (typeof createTool !== 'function' || typeof createToolbox !== 'function') process.exit(1);
