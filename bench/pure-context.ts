/**
 * bench/pure.ts's stand-ins for the service and for n8n: the answers the simulator would write,
 * prepared in advance, and an execute context that hands them over instead of making HTTP calls.
 */
import type {
	IDataObject,
	IExecuteFunctions,
	INode,
	INodeExecutionData,
	INodeParameters,
} from 'n8n-workflow';

import type { WireDataFormat } from '../nodes/shared/transport/wire';
import { encodeEnvelope } from '../simulator/codec';

export const international = (local: string) => `233${local.slice(1)}`;

/** What an answer is about: SMS (category 1), personalised SMS (no category), voice (category 2). */
export type AnswerKind = 'sms' | 'personalised' | 'voice';

/** The service's answer to one request, as the simulator writes it. */
export function answer(numbers: string[], format: WireDataFormat, kind: AnswerKind): string {
	const data: Record<string, unknown> = { batch: '0123456789abcdef0123456789abcdef' };
	if (kind !== 'personalised') data.category = kind === 'voice' ? 2 : 1;
	data.delivery = false;
	data.destinations = numbers.map((number, i) => ({
		id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
		to: international(number),
		status: { id: 2105, label: 'DS_PENDING_ENROUTE' },
	}));
	return encodeEnvelope(format, { id: 0, label: 'HSHK_OK' }, data);
}

/** The same answer with the members the vendor's SDK reads: echoes, and per destination more. */
export function sdkAnswer(numbers: string[], format: WireDataFormat): string {
	const text = 'Your order has shipped.';
	const data: Record<string, unknown> = {
		batch: '0123456789abcdef0123456789abcdef',
		category: 'sms',
		delivery: false,
	};
	Object.assign(data, {
		text,
		type: 0,
		sender: 'SMSDemo',
		personalised: false,
		destinationsCount: numbers.length,
	});
	data.destinations = numbers.map((number, i) => ({
		id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
		to: international(number),
		country: 'Ghana',
		message: text,
		messageCount: 1,
		submitDateTime: '2026-11-23 08:00:00',
		status: { id: 2105, label: 'DS_PENDING_ENROUTE' },
	}));
	return encodeEnvelope(format, { id: 0, label: 'HSHK_OK' }, data);
}

/**
 * The execute context the node sees, with answers prepared in advance instead of HTTP. It refuses
 * to evaluate expressions: every `{{ $json.phone }}` must be read by the fast path. Made for the
 * bench's contacts, which every context hands over as its input.
 */
export function fakeContextFor(
	contacts: INodeExecutionData[],
): (parameters: INodeParameters, answers: string[]) => IExecuteFunctions {
	return (parameters: INodeParameters, answers: string[]): IExecuteFunctions => {
		const node: INode = {
			id: 'sms',
			name: 'SMS',
			type: 'n8n-nodes-smsonlinegh.smsOnlineGh',
			typeVersion: 1,
			position: [0, 0],
			parameters,
		};
		let call = 0;
		const ctx = {
			getNode: () => node,
			getExecutionId: () => 'bench',
			getWorkflowDataProxy: () => ({ $thisRunIndex: 0 }),
			getInputData: () => contacts,
			continueOnFail: () => false,
			getNodeParameter(name: string, _itemIndex: number, fallback?: unknown) {
				// A dot path (options.smartEncoding) read as n8n reads it: before, such an option always gave its default.
				const raw = name
					.split('.')
					.reduce<unknown>(
						(value, key) =>
							typeof value === 'object' && value !== null ? (value as IDataObject)[key] : undefined,
						parameters,
					);
				if (typeof raw === 'string' && raw.startsWith('='))
					throw new Error(`bench: ${name} evaluated by n8n`);
				return raw ?? fallback;
			},
			getCredentials: async () => ({
				authModel: 'apiKey',
				apiKey: 'key',
				baseUrl: 'http://localhost',
			}),
			helpers: {
				httpRequestWithAuthentication: async () => ({
					statusCode: 200,
					headers: {},
					body: answers[call++ % answers.length],
				}),
			},
		};
		return ctx as unknown as IExecuteFunctions;
	};
}
