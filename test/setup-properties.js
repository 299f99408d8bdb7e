// Property tests (fast-check) start from a fixed seed, so every run of `npm test`, here or in CI,
// tries the same cases and a red build always means the code changed, never the dice. Exploring new
// cases is a separate, deliberate step: `npm run test:explore` (random seeds, more runs); a failure
// there prints its seed, and `FC_SEED=<seed> npm test` replays it.
const fc = require('fast-check');

const seed = process.env.FC_SEED ?? '20261121';
const runs = process.env.FC_RUNS;

fc.configureGlobal({
	...(seed === 'random' ? {} : { seed: Number(seed) }),
	...(runs ? { numRuns: Number(runs) } : {}),
});
