/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/**
 * The descriptions n8n's editor shows, and saved workflows open with, stay as they were: every
 * member, in the same order, as test/fixtures/descriptions.json holds them. A change meant to show
 * writes the file afresh (test/harness/descriptions.ts says how) in the same commit.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

import type { Descriptions } from '../harness/descriptions';
import {
	CREDENTIAL_CLASSES,
	NODE_CLASSES,
	packageDescriptions,
	SNAPSHOT_FILE,
} from '../harness/descriptions';

const ROOT = path.resolve(__dirname, '..', '..');
const manifest = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
	n8n: { nodes: string[]; credentials: string[] };
};
const snapshot = JSON.parse(readFileSync(SNAPSHOT_FILE, 'utf8')) as Descriptions;
const current = packageDescriptions();

/** n8n's package loader: the class named like the file (dist/nodes/X/X.node.js → X). */
const classOf = (file: string) => path.basename(file).split('.')[0];

describe('the descriptions n8n shows', () => {
	it('cover every node and credential package.json lists, and the snapshot holds each of them', () => {
		expect(Object.keys(NODE_CLASSES).sort()).toEqual(manifest.n8n.nodes.map(classOf).sort());
		expect(Object.keys(CREDENTIAL_CLASSES).sort()).toEqual(
			manifest.n8n.credentials.map(classOf).sort(),
		);
		expect(Object.keys(snapshot.nodes)).toEqual(Object.keys(NODE_CLASSES));
		expect(Object.keys(snapshot.credentials)).toEqual(Object.keys(CREDENTIAL_CLASSES));
	});

	it.each([
		...Object.keys(NODE_CLASSES).map((name) => ['nodes', name] as const),
		...Object.keys(CREDENTIAL_CLASSES).map((name) => ['credentials', name] as const),
	])(
		'%s: %s is as the snapshot holds it, member for member and in the same order',
		(kind, name) => {
			// toEqual names the member that differs; the text also holds the order of the members.
			expect(current[kind][name]).toEqual(snapshot[kind][name]);
			expect(JSON.stringify(current[kind][name])).toBe(JSON.stringify(snapshot[kind][name]));
		},
	);
});
