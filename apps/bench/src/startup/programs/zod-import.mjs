// Start-up baseline: a program that imports Zod and nothing else.
import { z } from 'zod';

if (typeof z.object !== 'function') process.exit(1);
