/* eslint-disable @n8n/community-nodes/no-restricted-imports -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/**
 * The trigger against the reports the simulator pushes (in the dialect of the run: the vendor
 * SDK's or the contract's), JSON and XML, of SMS and of voice batches: its items are the Get
 * Delivery Report operation's items for the same messages.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { IDataObject } from 'n8n-workflow';

import { omit } from '../harness/omit';
import { push } from '../unit/trigger/webhookContext';
import { sendParameters, useSimulator } from './fixtures';
import { voiceParameters } from './voiceFixtures';

const PHONES = ['0241234567', '0201234567', '0240000000', '0559999999'];

interface Pushed {
	body: string;
	contentType: string;
}

/** A receiver that keeps what the simulator pushes and answers 200. */
async function receiver(): Promise<{ server: Server; url: string; pushed: Pushed[] }> {
	const pushed: Pushed[] = [];
	const server = createServer((req, res) => {
		let body = '';
		req.on('data', (chunk) => (body += chunk));
		req.on('end', () => {
			pushed.push({ body, contentType: String(req.headers['content-type'] ?? '') });
			res.end();
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, pushed };
}

describe('SMSOnlineGH Trigger: the reports the service pushes', () => {
	const t = useSimulator();

	it.each(['json', 'xml'])(
		'%s: one item per destination, as Get Delivery Report gives it',
		async (format) => {
			const { server, url, pushed } = await receiver();
			try {
				const sent = await t.run({
					items: PHONES.map((phone) => ({ phone })),
					parameters: sendParameters({ options: { callbackUrl: url, callbackFormat: format } }),
				});
				const batch = String(sent.items[0].json.batch);
				expect(await t.sim.deliverReports(batch)).toBe(4);
				expect(pushed).toHaveLength(4);
				const items: IDataObject[] = [];
				for (const report of pushed) {
					const outcome = await push({ body: report.body, contentType: report.contentType });
					expect(outcome.written).toEqual({});
					items.push(...(outcome.items ?? []));
				}
				const asked = await t.run({
					items: sent.items.map((item) => item.json),
					parameters: { resource: 'sms', operation: 'getDeliveryReport' },
				});
				const expected = asked.items.map(({ json }) => omit(json, 'category'));
				expect(items.map((i) => i.verdict)).toEqual([
					'delivered',
					'delivered',
					'undelivered',
					'expired',
				]);
				expect(items).toEqual(expected);
			} finally {
				server.close();
			}
		},
	);

	it('Client Reference: the item gives it back', async () => {
		const { server, url, pushed } = await receiver();
		try {
			const sent = await t.run({
				items: [{ phone: PHONES[0] }],
				parameters: sendParameters({ options: { clientReference: 'ORD-1042', callbackUrl: url } }),
			});
			expect(sent.error).toBeUndefined();
			await t.sim.deliverReports(String(sent.items[0].json.batch));
			const { items } = await push(pushed[0]);
			expect(items).toEqual([
				expect.objectContaining({
					clientReference: 'ORD-1042',
					messageId: sent.items[0].json.messageId,
				}),
			]);
		} finally {
			server.close();
		}
	});

	/*
	 * The simulator pushes a voice batch's report with category voice (the label in XML in the SDK
	 * dialect, 2 otherwise): the trigger's items are Get Delivery Report's, category included.
	 */
	it.each(['json', 'xml'])(
		'a voice batch, %s: one item per destination with category voice, as Get Delivery Report gives it',
		async (format) => {
			const { server, url, pushed } = await receiver();
			try {
				const sent = await t.run({
					items: PHONES.map((phone) => ({ phone })),
					parameters: voiceParameters({ options: { callbackUrl: url, callbackFormat: format } }),
				});
				expect(sent.error).toBeUndefined();
				const batch = String(sent.items[0].json.batch);
				expect(await t.sim.deliverReports(batch)).toBe(4);
				expect(pushed.map((p) => p.contentType.split(';')[0])).toEqual(
					Array(4).fill(`application/${format}`),
				);
				const items: IDataObject[] = [];
				for (const report of pushed) {
					const outcome = await push({ body: report.body, contentType: report.contentType });
					expect(outcome.written).toEqual({});
					items.push(...(outcome.items ?? []));
				}
				const asked = await t.run({
					items: sent.items.map((item) => item.json),
					parameters: { resource: 'voice', operation: 'getDeliveryReport' },
				});
				expect(items.map((i) => [i.to, i.verdict, i.category])).toEqual([
					['233241234567', 'delivered', 'voice'],
					['233201234567', 'delivered', 'voice'],
					['233240000000', 'undelivered', 'voice'],
					['233559999999', 'expired', 'voice'],
				]);
				expect(items).toEqual(asked.items.map((item) => item.json));
			} finally {
				server.close();
			}
		},
	);
});
