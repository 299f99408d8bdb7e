/* eslint-disable @n8n/community-nodes/no-restricted-imports -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/**
 * Marker files: a JSON object recording what an install or import was made from, so a later run
 * that wants the same skips it.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

export interface Marker {
	[key: string]: string;
}

export function readMarker(file: string): Marker | undefined {
	try {
		return JSON.parse(fs.readFileSync(file, 'utf8')) as Marker;
	} catch {
		return undefined;
	}
}

export function sameMarker(a: Marker | undefined, b: Marker): boolean {
	return !!a && Object.keys(b).every((key) => a[key] === b[key]);
}

export function writeJson(file: string, value: unknown): void {
	fs.mkdirSync(path.dirname(file), { recursive: true });
	fs.writeFileSync(file, JSON.stringify(value, null, 2) + '\n');
}
