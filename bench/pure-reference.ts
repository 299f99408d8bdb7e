/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/**
 * Client Reference's cost per number, in process (bench/pure.ts runs these stages): reading Send
 * items through n8n's own execute context with and without the option (it is an expression,
 * `{{ $json.orderId }}`, so whatever the node hands n8n to evaluate is paid for there), deriving
 * the ids, and a whole dispatch whose answers are paired by those ids (with the ledger's
 * fingerprint per request). At min(N, 10,000) items: n8n's evaluation is slow enough to need it.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { IExecuteFunctions, INode, INodeExecutionData, INodeParameters } from 'n8n-workflow';

import type { SendInput } from '../nodes/SmsOnlineGh/actions/sms/send.operation';
import { groupMessages, send } from '../nodes/SmsOnlineGh/actions/sms/send.operation';
import { ItemParameters } from '../nodes/SmsOnlineGh/items/parameters';
import { dispatch } from '../nodes/SmsOnlineGh/sending/dispatch';
import { customMessageId } from '../nodes/shared/referenceIds';
import { DEFAULT_RETRY } from '../nodes/shared/transport/service';
import { encodeEnvelope } from '../simulator/codec';

type Stage = <T>(name: string, work: () => T | Promise<T>, note?: string) => Promise<T>;
/** pure.ts's context with answers prepared in advance, for a node with these parameters. */
type FakeContext = (parameters: INodeParameters, answers: string[]) => IExecuteFunctions;

const BATCH = 1000;

/** A real n8n execute context over the items (n8n's default legacy engine in this process). */
export async function n8nContext(
	parameters: INodeParameters,
	items: INodeExecutionData[],
): Promise<IExecuteFunctions> {
	process.env.N8N_USER_FOLDER ??= mkdtempSync(join(tmpdir(), 'n8n-smsonlinegh-bench-'));
	const { ExecuteContext } = await import('n8n-core');
	const { createRunExecutionData, Workflow } = await import('n8n-workflow');
	const { SmsOnlineGh } = await import('../nodes/SmsOnlineGh/SmsOnlineGh.node');
	const type = new SmsOnlineGh();
	const nodeTypes = {
		getByName: () => type,
		getByNameAndVersion: () => type,
		getKnownTypes: () => ({}),
	};
	const node: INode = {
		id: 'sms',
		name: 'SMS',
		type: 'sms',
		typeVersion: 1,
		position: [0, 0],
		parameters,
	};
	const workflow = new Workflow({
		id: 'bench',
		nodes: [node],
		connections: {},
		active: false,
		nodeTypes: nodeTypes as never,
	});
	const urls = {
		restApiUrl: 'http://localhost/rest',
		instanceBaseUrl: 'http://localhost/',
		webhookBaseUrl: 'http://localhost/webhook',
	};
	const additionalData = {
		...urls,
		webhookWaitingBaseUrl: urls.webhookBaseUrl,
		webhookTestBaseUrl: urls.webhookBaseUrl,
		formWaitingBaseUrl: urls.webhookBaseUrl,
		variables: {},
	};
	const data = { main: [items] };
	const ctx = new ExecuteContext(
		workflow,
		node,
		additionalData as never,
		'manual',
		createRunExecutionData({}),
		0,
		items,
		data,
		{ node, data, source: null },
		[],
	);
	return ctx as unknown as IExecuteFunctions;
}

function readSendItems(ctx: IExecuteFunctions, items: INodeExecutionData[]): SendInput[] {
	const parameters = new ItemParameters(ctx);
	return items.map((item, i) => send.readItem.call(ctx, i, parameters, item));
}

/** The service's answers, one per batch, each destination under the id the node gave it. */
function answersById(inputs: SendInput[]): string[] {
	const recipients = inputs.flatMap((input) => input.recipients);
	const answers: string[] = [];
	for (let start = 0; start < recipients.length; start += BATCH) {
		const destinations = recipients.slice(start, start + BATCH).map((r) => ({
			id: r.messageId,
			to: r.key,
			status: { id: 2105, label: 'DS_PENDING_ENROUTE' },
		}));
		answers.push(
			encodeEnvelope(
				'json',
				{ id: 0, label: 'HSHK_OK' },
				{ batch: '0123456789abcdef0123456789abcdef', category: 1, delivery: false, destinations },
			),
		);
	}
	return answers;
}

export async function clientReferenceStages(
	stage: Stage,
	fakeContext: FakeContext,
	contacts: INodeExecutionData[],
	base: INodeParameters,
): Promise<void> {
	const items = contacts
		.slice(0, Math.min(contacts.length, 10_000))
		.map((item, i) => ({ ...item, json: { ...item.json, orderId: `ORD-${i}` } }));
	const n = `${items.length.toLocaleString('en')} items`;
	const plain = await n8nContext({ ...base, options: {} }, items);
	const before = await stage(
		`read Send items by n8n's context, no Client Reference, ${n}`,
		() => readSendItems(plain, items).length,
	);
	const withReference = { ...base, options: { clientReference: '={{ $json.orderId }}' } };
	const referenced = await n8nContext(withReference, items);
	const inputs = await stage(
		`read Send items by n8n's context, Client Reference {{ $json.orderId }}, ${n}`,
		() => readSendItems(referenced, items),
	);
	if (inputs.length !== before || inputs[0].recipients[0].messageId === undefined)
		throw new Error('bench: Client Reference not read');
	const text = inputs[0].text;
	await stage(`derive Client Reference ids (SHA-256), ${n}`, () => {
		let length = 0;
		for (let i = 0; i < inputs.length; i++)
			length += customMessageId(`ORD-${i}`, inputs[i].recipients[0].key, text).length;
		return length;
	});
	const { messages } = groupMessages(
		inputs.map((input, itemIndex) => ({ itemIndex, input })),
		true,
	);
	const answers = answersById(inputs);
	const settings = {
		transport: { format: 'json' as const, timeoutMs: 60_000, retry: DEFAULT_RETRY },
		batchSize: BATCH,
		dryRun: false,
		includeText: false,
	};
	const outcomes = await stage(
		`dispatch JSON with Client Reference ids (encode, ledger, decode, pair by id), ${n}`,
		() => dispatch(fakeContext({ ...withReference, options: {} }, answers), messages, settings),
	);
	if (outcomes.length !== inputs.length || outcomes.some((o) => o.error))
		throw new Error('bench: Client Reference dispatch failed');
}
