// Start-up baseline (CommonJS): a program that requires Zod and nothing else.
const { z } = require('zod');

if (typeof z.object !== 'function') process.exit(1);
