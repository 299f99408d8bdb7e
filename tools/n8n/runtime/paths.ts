/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/** Where the project is, and where the runtimes and everything they use are installed. */
import * as path from 'node:path';

export const PROJECT_ROOT = path.resolve(__dirname, '..', '..', '..');
/** Overridable so a cold install can be measured without touching the cached one. */
export const RUNTIME_ROOT = path.resolve(
	process.env.N8N_RUNTIME_DIR ?? path.join(PROJECT_ROOT, '.n8n-runtime'),
);
