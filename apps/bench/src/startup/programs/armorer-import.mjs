// Start-up contender: a program that imports createTool and createToolbox from armorer.
import { createTool, createToolbox } from 'armorer';

if (typeof createTool !== 'function' || typeof createToolbox !== 'function') process.exit(1);
