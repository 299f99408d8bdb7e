/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/** Shared pieces of the end-to-end tests: runtimes, user folders, workflow builders, the simulator's control endpoint. */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { FaultSpec, JournalEntry } from '../../simulator/types';
import {
	elapsed,
	RUNTIME_ROOT,
	type ExecuteResult,
	type RuntimeName,
	type WorkflowFile,
} from '../../tools/n8n/runtime';

export const E2E_ROOT = path.join(RUNTIME_ROOT, 'e2e');
const SETUP_FILE = path.join(E2E_ROOT, 'setup.json');
export const ARTIFACTS = path.resolve(__dirname, '..', '..', 'test-artifacts');

/** N8N_E2E_RUNTIMES: comma-separated, "n8n-2" / "2" and "n8n-1" / "1". Default: both. */
export function e2eRuntimes(): RuntimeName[] {
	const raw = process.env.N8N_E2E_RUNTIMES ?? 'n8n-2,n8n-1';
	const names = raw
		.split(',')
		.map((s) => s.trim())
		.filter(Boolean)
		.map((s) => (s === '1' || s === 'n8n-1' ? 'n8n-1' : s === '2' || s === 'n8n-2' ? 'n8n-2' : s));
	for (const n of names)
		if (n !== 'n8n-1' && n !== 'n8n-2') throw new Error(`N8N_E2E_RUNTIMES: unknown runtime ${n}`);
	return [...new Set(names)] as RuntimeName[];
}

export interface SetupInfo {
	tarball: string;
	startedAt: number;
}

export function writeSetup(info: SetupInfo): void {
	fs.mkdirSync(E2E_ROOT, { recursive: true });
	fs.writeFileSync(SETUP_FILE, JSON.stringify(info, null, 2));
}

export function readSetup(): SetupInfo {
	return JSON.parse(fs.readFileSync(SETUP_FILE, 'utf8')) as SetupInfo;
}

/** An empty n8n user folder (a fresh database) for one suite. */
export function freshUserFolder(label: string): string {
	const dir = path.join(E2E_ROOT, label);
	fs.rmSync(dir, { recursive: true, force: true });
	fs.mkdirSync(dir, { recursive: true });
	return dir;
}

/** Prints a timing line straight to the terminal (jest's console is too chatty). */
export function timing(label: string, since: number): void {
	process.stdout.write(`[e2e] ${label}: ${elapsed(since)}\n`);
}

/** Fails the test with n8n's exit code, its error and the end of its log when a workflow failed. */
export function expectOk(result: ExecuteResult): void {
	if (!result.ok)
		throw new Error(
			`workflow failed: exit ${result.code}; ${result.errorMessage ?? '-'}\n${result.stderr.slice(-3000)}`,
		);
}

/** Tomorrow at `hour`:30, as n8n's date-time field gives a time (for Schedule At, in UTC). */
export function tomorrowAt(hour: number): string {
	const day = new Date(Date.now() + 24 * 3600_000).toISOString().slice(0, 10);
	return `${day}T${String(hour).padStart(2, '0')}:30:00`;
}

// ---------------------------------------------------------------------------------------------
// The simulator's control endpoint (/__sim/), as a separate process would use it.
// ---------------------------------------------------------------------------------------------
export async function simFault(simUrl: string, fault: FaultSpec): Promise<void> {
	const response = await fetch(`${simUrl}/__sim/faults`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify(fault),
	});
	if (response.status !== 201)
		throw new Error(`arming fault failed: ${response.status} ${await response.text()}`);
}

export async function simClearFaults(simUrl: string): Promise<void> {
	await fetch(`${simUrl}/__sim/faults`, { method: 'DELETE' });
}

export async function simJournal(simUrl: string): Promise<JournalEntry[]> {
	return (await (await fetch(`${simUrl}/__sim/journal`)).json()) as JournalEntry[];
}

export async function simReset(simUrl: string): Promise<void> {
	await fetch(`${simUrl}/__sim/reset`, { method: 'POST' });
}

export async function simBalance(simUrl: string, accountId: string): Promise<number> {
	return (
		(await (await fetch(`${simUrl}/__sim/balance/${accountId}`)).json()) as { balance: number }
	).balance;
}

// ---------------------------------------------------------------------------------------------
// Workflow builders
// ---------------------------------------------------------------------------------------------
export const NODE_TYPE = 'n8n-nodes-smsonlinegh.smsOnlineGh';

let uuidCounter = 0;
function nodeId(): string {
	uuidCounter++;
	return `e2e00000-0000-4000-8000-${uuidCounter.toString(16).padStart(12, '0')}`;
}

export interface SmsWorkflowOptions {
	id: string;
	name?: string;
	/** Items the Code node returns; omitted: the SMS node follows the trigger directly. */
	items?: Array<Record<string, unknown>>;
	parameters: Record<string, unknown>;
	credential: { id: string; name: string };
	/** Node settings such as { onError: 'continueRegularOutput' }. */
	settings?: Record<string, unknown>;
}

export const SMS_NODE_NAME = 'SMS';

/** Manual Trigger → (Code node with the given items) → the SMS node. */
export function smsWorkflow(options: SmsWorkflowOptions): WorkflowFile {
	const nodes: WorkflowFile['nodes'] = [
		{
			id: nodeId(),
			name: 'Start',
			type: 'n8n-nodes-base.manualTrigger',
			typeVersion: 1,
			position: [0, 0],
			parameters: {},
		},
	];
	const connections: Record<string, unknown> = {};
	let previous = 'Start';
	if (options.items) {
		nodes.push({
			id: nodeId(),
			name: 'Items',
			type: 'n8n-nodes-base.code',
			typeVersion: 2,
			position: [220, 0],
			parameters: { jsCode: `return ${JSON.stringify(options.items)}.map((json) => ({ json }));` },
		});
		connections.Start = { main: [[{ node: 'Items', type: 'main', index: 0 }]] };
		previous = 'Items';
	}
	nodes.push({
		id: nodeId(),
		name: SMS_NODE_NAME,
		type: NODE_TYPE,
		typeVersion: 1,
		position: [440, 0],
		parameters: options.parameters,
		credentials: { smsOnlineGhApi: options.credential },
		...options.settings,
	});
	connections[previous] = { main: [[{ node: SMS_NODE_NAME, type: 'main', index: 0 }]] };
	return {
		id: options.id,
		name: options.name ?? `e2e ${options.id}`,
		nodes,
		connections,
		settings: { executionOrder: 'v1' },
		pinData: {},
		active: false,
	};
}

export interface Step {
	name: string;
	parameters: Record<string, unknown>;
}

/**
 * Manual Trigger → Code (the items) → each step in turn, every one an SMSOnlineGH node with the
 * credential: a chain of operations that feed one another, as a user wires them.
 */
export function chainWorkflow(
	credential: { id: string; name: string },
	id: string,
	items: Array<Record<string, unknown>>,
	steps: Step[],
): WorkflowFile {
	const nodes: WorkflowFile['nodes'] = [
		{
			id: `${id}-start`,
			name: 'Start',
			type: 'n8n-nodes-base.manualTrigger',
			typeVersion: 1,
			position: [0, 0],
			parameters: {},
		},
		{
			id: `${id}-items`,
			name: 'Items',
			type: 'n8n-nodes-base.code',
			typeVersion: 2,
			position: [220, 0],
			parameters: { jsCode: `return ${JSON.stringify(items)}.map((json) => ({ json }));` },
		},
	];
	const connections: Record<string, unknown> = {
		Start: { main: [[{ node: 'Items', type: 'main', index: 0 }]] },
	};
	let previous = 'Items';
	steps.forEach((step, k) => {
		nodes.push({
			id: `${id}-step-${k}`,
			name: step.name,
			type: NODE_TYPE,
			typeVersion: 1,
			position: [440 + 220 * k, 0],
			parameters: step.parameters,
			credentials: { smsOnlineGhApi: credential },
		});
		connections[previous] = { main: [[{ node: step.name, type: 'main', index: 0 }]] };
		previous = step.name;
	});
	return {
		id,
		name: `e2e ${id}`,
		nodes,
		connections,
		settings: { executionOrder: 'v1' },
		pinData: {},
		active: false,
	};
}

export function decodeFactor(header: string): string {
	const [model, value] = header.split(' ');
	if (model !== 'factor') return '';
	return Buffer.from(value, 'base64').toString('utf8');
}

/** n8n's stored run data as its parser (flatted, from the runtime) gives it back: the members the suites read. */
export type StoredRunData = {
	resultData: { runData: Record<string, Array<{ data: { main: unknown[][] } }> | undefined> };
};
export type Unflatten = (text: string) => StoredRunData;
