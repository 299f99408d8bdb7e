/* eslint-disable @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/**
 * The node picker's entries, from the built package as n8n loads it (package.json's "n8n" list,
 * the class named by each file, its codex file beside it) and as n8n's editor files them: a visible
 * trigger whose type name less "Trigger" names a node with actions is filed under that node, which
 * then shows the trigger's description. Each visible node must be its own entry, with its own words.
 * And the built files carry no hook for tests. Builds dist/ first when a source is newer than it.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, parse, relative, resolve } from 'node:path';
import type { INodeType, INodeTypeDescription } from 'n8n-workflow';

import { SmsOnlineGhBalanceTrigger } from '../../../nodes/SmsOnlineGhBalanceTrigger/SmsOnlineGhBalanceTrigger.node';

const ROOT = resolve(__dirname, '..', '..', '..');
const PACKAGE = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
	name: string;
	n8n: { nodes: string[] };
};

function newestSource(dir: string): number {
	let newest = 0;
	for (const entry of readdirSync(dir, { withFileTypes: true })) {
		const file = join(dir, entry.name);
		newest = Math.max(newest, entry.isDirectory() ? newestSource(file) : statSync(file).mtimeMs);
	}
	return newest;
}

function ensureBuilt(): void {
	const built = PACKAGE.n8n.nodes.map((file) => join(ROOT, file));
	const oldest = Math.min(...built.map((file) => (existsSync(file) ? statSync(file).mtimeMs : 0)));
	if (
		oldest >
		Math.max(newestSource(join(ROOT, 'nodes')), statSync(join(ROOT, 'package.json')).mtimeMs)
	)
		return;
	execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'ignore' });
}

interface Loaded {
	type: string;
	description: INodeTypeDescription;
	codexNode: string;
}

// dist/ is CommonJS, loaded as n8n loads it.
const loadBuilt = createRequire(__filename);

/** As n8n's package loader: the class named like the file, and the codex file `<file>on`. */
function loadPackage(): Loaded[] {
	return PACKAGE.n8n.nodes.map((file) => {
		const [className] = parse(file).name.split('.');
		const node = new (loadBuilt(join(ROOT, file)) as Record<string, new () => INodeType>)[
			className
		]();
		const codex = JSON.parse(readFileSync(join(ROOT, `${file}on`), 'utf8')) as { node: string };
		return {
			type: `${PACKAGE.name}.${node.description.name}`,
			description: node.description,
			codexNode: codex.node,
		};
	});
}

const isTrigger = (d: INodeTypeDescription) => d.group.includes('trigger');
const hasActions = (d: INodeTypeDescription) =>
	d.properties.some((p) => p.name === 'resource' || p.name === 'operation');

/** The picker's entries as n8n's editor builds them (generateMergedNodesAndActions): [type, title, description]. */
function pickerEntries(loaded: Loaded[]): string[][] {
	const visible = loaded.filter((node) => node.description.hidden !== true);
	const entries = visible
		.filter((node) => !isTrigger(node.description))
		.map((node) => [node.type, node.description.displayName, node.description.description]);
	for (const trigger of visible.filter((node) => isTrigger(node.description))) {
		const app = visible.find(
			(node) => !isTrigger(node.description) && node.type === trigger.type.replace('Trigger', ''),
		);
		const entry = entries.find(([type]) => type === app?.type);
		if (app && hasActions(app.description) && entry) entry[2] = trigger.description.description;
		else
			entries.push([
				trigger.type,
				trigger.description.displayName,
				trigger.description.description,
			]);
	}
	return entries;
}

describe('the node picker, from the built package', () => {
	beforeAll(ensureBuilt, 180_000);

	it('lists each visible node as its own entry, with its own description', () => {
		expect(pickerEntries(loadPackage())).toEqual([
			[
				'n8n-nodes-smsonlinegh.smsOnlineGh',
				'SMSOnlineGH',
				'Send SMS, plain or personalised, and voice messages, follow them to delivery, manage scheduled ones and check your account with SMSOnlineGH',
			],
			[
				'n8n-nodes-smsonlinegh.smsOnlineGhReportTrigger',
				'SMSOnlineGH Trigger',
				'Starts the workflow when SMSOnlineGH pushes the delivery report of a message sent with a Delivery Report URL',
			],
			[
				'n8n-nodes-smsonlinegh.smsOnlineGhBalanceTrigger',
				'SMSOnlineGH Balance Trigger',
				new SmsOnlineGhBalanceTrigger().description.description,
			],
		]);
	});

	it('the rule it applies is n8n’s: the first type name of the trigger, were it visible, would put the trigger’s words on the SMS node', () => {
		const loaded = loadPackage().map((node) => ({
			...node,
			description: { ...node.description, hidden: undefined },
		}));
		const sms = pickerEntries(loaded).find(
			([type]) => type === 'n8n-nodes-smsonlinegh.smsOnlineGh',
		);
		expect(sms?.[2]).toMatch(/^Starts the workflow when SMSOnlineGH pushes/);
	});

	it('keeps the first type name of the trigger for saved workflows: hidden, otherwise the same node', () => {
		const loaded = loadPackage();
		const first = loaded.find((node) => node.type === 'n8n-nodes-smsonlinegh.smsOnlineGhTrigger');
		const listed = loaded.find(
			(node) => node.type === 'n8n-nodes-smsonlinegh.smsOnlineGhReportTrigger',
		);
		expect(first?.description.hidden).toBe(true);
		const shared = (description: INodeTypeDescription) => ({
			...description,
			name: undefined,
			hidden: undefined,
			icon: undefined,
		});
		expect(shared(first!.description)).toEqual(shared(listed!.description));
	});

	it('each codex file names the node type of its file', () => {
		for (const node of loadPackage()) expect(node.codexNode).toBe(node.type);
	});
});

function filesUnder(dir: string): string[] {
	return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
		entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
	);
}

describe('the built package', () => {
	beforeAll(ensureBuilt, 180_000);

	it('ships no hook for tests: neither a built file nor a source it is built from names one (…ForTests)', () => {
		const built = filesUnder(join(ROOT, 'dist')).filter((file) => file.endsWith('.js'));
		expect(built.map((file) => relative(ROOT, file))).toEqual(
			expect.arrayContaining(PACKAGE.n8n.nodes),
		);
		// esbuild drops an export nothing imports, so the sources are read too: a hook the node used would ship.
		const sources = [join(ROOT, 'nodes'), join(ROOT, 'credentials')]
			.flatMap(filesUnder)
			.filter((file) => file.endsWith('.ts'));
		const hooked = [...built, ...sources].filter((file) =>
			/fortests/i.test(readFileSync(file, 'utf8')),
		);
		expect(hooked.map((file) => relative(ROOT, file))).toEqual([]);
	});
});
