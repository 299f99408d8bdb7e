/**
 * The trigger as n8n sees it: a webhook trigger with nothing to register at the service, and the
 * body read as n8n hands it over (already read, or read on demand).
 */
import type { IHookFunctions, IWebhookFunctions } from 'n8n-workflow';

import { SmsOnlineGhTrigger } from '../../../nodes/SmsOnlineGhTrigger/SmsOnlineGhTrigger.node';
import { BATCH, dest, jsonReport } from './reports';

describe('SMSOnlineGH Trigger: the node', () => {
	const node = new SmsOnlineGhTrigger();

	it('is a POST webhook trigger, answered as soon as it is received, with no input', () => {
		const { description } = node;
		expect(description.group).toEqual(['trigger']);
		expect(description.inputs).toEqual([]);
		expect(description.usableAsTool).toBeUndefined();
		expect(description.credentials).toBeUndefined();
		expect(description.webhooks).toEqual([{ name: 'default', httpMethod: 'POST', responseMode: 'onReceived', path: 'delivery-report' }]);
	});

	it('Secret Token: the node id by default, hidden like a password', () => {
		const token = node.description.properties.find((p) => p.name === 'token');
		expect(token).toMatchObject({ default: '={{ $nodeId }}', required: true, typeOptions: { password: true } });
	});

	it('the webhook lifecycle registers nothing at the service and always succeeds', async () => {
		const hooks = node.webhookMethods.default;
		const ctx = {} as IHookFunctions;
		expect(await hooks.checkExists.call(ctx)).toBe(false);
		expect(await hooks.create.call(ctx)).toBe(true);
		expect(await hooks.delete.call(ctx)).toBe(true);
	});

	it('reads the body on demand when n8n has not read it yet', async () => {
		const body = jsonReport([dest('a3f1c2d4-5e6f-4a7b-8c9d-0e1f2a3b4c5d', '233241234567', 2110)]);
		const request: { headers: object; rawBody?: Buffer; readRawBody: () => Promise<void> } = {
			headers: { 'content-type': 'application/vnd.zenoph.zbm.gzbin+json' },
			readRawBody: async () => {
				request.rawBody = Buffer.from(body);
			},
		};
		const ctx = {
			getRequestObject: () => request,
			getQueryData: () => ({ token: 'k' }),
			getNodeParameter: (name: string, fallback: unknown) => (name === 'token' ? 'k' : fallback),
			helpers: { returnJsonArray: (items: object[]) => items.map((json) => ({ json })) },
		} as unknown as IWebhookFunctions;
		const result = await node.webhook.call(ctx);
		expect(result.workflowData?.[0].map((i) => [i.json.batch, i.json.verdict])).toEqual([[BATCH, 'delivered']]);
	});
});
