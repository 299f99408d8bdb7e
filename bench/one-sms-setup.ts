/* eslint-disable @n8n/community-nodes/no-restricted-globals -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/**
 * What bench/one-sms.ts measures: its settings (the BENCH_ONE_* variables), the three variants and
 * their workflows (Webhook → the measured node), and what one cell of the measurement holds.
 */
import { createHash } from 'node:crypto';

import { DEMO_API_KEY, type WorkflowFile } from '../tools/n8n/runtime';

export const CALLS = Number(process.env.BENCH_ONE_CALLS ?? 300);
export const AT_A_TIME = Number(process.env.BENCH_ONE_AT_A_TIME ?? 10);
export const WARM_UP = Number(process.env.BENCH_ONE_WARM_UP ?? 20);
export const LATENCIES = (process.env.BENCH_ONE_LATENCIES ?? '0,150').split(',').map(Number);
export const SETUPS = (process.env.BENCH_ONE_SETUPS ?? 'regular,queue').split(',') as Array<
	'regular' | 'queue'
>;
export const ROUNDS = Number(process.env.BENCH_ONE_ROUNDS ?? 2);
export const PROFILE_PATH = '/v5/auth';
export const SEND_PATH = '/v5/message/sms/send';
const MESSAGE = 'Your order has shipped.';
const CREDENTIAL = { id: 'QueueSmsCred0001', name: 'SMSOnlineGH (queue suite)' };
export const MEASURED = 'Measured';

export interface Variant {
	key: 'node' | 'nodeRef' | 'http';
	label: string;
	node: Record<string, unknown>;
}

export const VARIANTS: Variant[] = [
	{ key: 'node', label: 'SMS node, Send, default options', node: smsNode({}) },
	{
		key: 'nodeRef',
		label: 'SMS node, Send, Client Reference',
		node: smsNode({ clientReference: '={{ $json.body.orderId }}' }),
	},
	{ key: 'http', label: 'HTTP Request node, the same send', node: {} },
];

function smsNode(options: Record<string, unknown>): Record<string, unknown> {
	return {
		name: MEASURED,
		type: 'n8n-nodes-smsonlinegh.smsOnlineGh',
		typeVersion: 1,
		parameters: {
			resource: 'sms',
			operation: 'send',
			sender: 'SMSDemo',
			phoneNumbers: '={{ $json.body.phone }}',
			message: MESSAGE,
			messageType: 'gsm',
			options,
		},
		credentials: { smsOnlineGhApi: CREDENTIAL },
	};
}

/** n8n's HTTP Request node as a user would set it up to call this API without the node. */
function httpNode(simUrl: string): Record<string, unknown> {
	return {
		name: MEASURED,
		type: 'n8n-nodes-base.httpRequest',
		typeVersion: 4.2,
		parameters: {
			method: 'POST',
			url: `${simUrl}${SEND_PATH}`,
			sendHeaders: true,
			headerParameters: {
				parameters: [
					{ name: 'Authorization', value: `key ${DEMO_API_KEY}` },
					{ name: 'Accept', value: 'application/json' },
				],
			},
			sendBody: true,
			specifyBody: 'json',
			jsonBody: `={"text": ${JSON.stringify(MESSAGE)}, "type": 0, "sender": "SMSDemo", "destinations": ["{{ $json.body.phone }}"]}`,
			options: {},
		},
	};
}

/** A node id (a UUID) from the workflow id and the node's place, stable from one import to the next. */
function uuid(workflowId: string, place: number): string {
	const hex = createHash('sha256').update(`${workflowId}/${place}`).digest('hex');
	return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export function workflowId(variant: Variant): string {
	return `BenchOneSms${variant.key.padEnd(5, '0')}`;
}

export function workflow(variant: Variant, simUrl: string): WorkflowFile {
	const id = workflowId(variant);
	const measured = variant.key === 'http' ? httpNode(simUrl) : variant.node;
	return {
		id,
		name: `One SMS per execution: ${variant.label}`,
		nodes: [
			{
				id: uuid(id, 0),
				name: 'Webhook',
				type: 'n8n-nodes-base.webhook',
				typeVersion: 2.1,
				position: [0, 0],
				webhookId: uuid(id, 9),
				parameters: {
					httpMethod: 'POST',
					path: `bench-one-${variant.key}`,
					responseMode: 'lastNode',
					responseData: 'firstEntryJson',
					options: {},
				},
			},
			{
				id: uuid(id, 1),
				position: [220, 0],
				...measured,
			} as unknown as WorkflowFile['nodes'][number],
		],
		connections: { Webhook: { main: [[{ node: MEASURED, type: 'main', index: 0 }]] } },
		settings: { executionOrder: 'v1' },
		pinData: {},
		active: false,
	};
}

export interface Cell {
	setup: string;
	/** 1, 2, …: each round measures every variant, odd rounds in VARIANTS' order, even ones reversed. */
	round: number;
	latencyMs: number;
	variant: Variant;
	rate: number;
	p50: number;
	p95: number;
	/** Journal of the measured calls: requests per path. */
	profiles: number;
	sends: number;
	warmUpProfiles: number;
	/** CPU ms per execution of the processes that ran them (regular: main; queue: the workers), children included. */
	cpuRunning: number;
	/** CPU ms per execution of main in queue mode (NaN in regular mode: main is cpuRunning). */
	cpuMain: number;
	/** Median of the measured node's executionTime (ms) over the cell's stored executions. */
	inNode: number;
}
