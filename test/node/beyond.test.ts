/* eslint-disable @n8n/community-nodes/no-restricted-imports -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

import { personalisedParameters, sendParameters, useSimulator } from './fixtures';

/** A date-time string for n8n's dateTime parameter, `days` from now, at 09:30. */
function daysFromNow(days: number): string {
	const date = new Date(Date.now() + days * 86_400_000);
	return `${date.toISOString().slice(0, 10)}T09:30:00`;
}

describe('Beyond a plain send: encoding, parts, dry run, schedule, delivery reports', () => {
	const t = useSimulator();

	describe('Message Type Auto', () => {
		it.each([
			['plain GSM text', 'Meet at 5', 0, 'gsm'],
			['GSM accents (é is in the GSM alphabet)', 'Café ouvert', 0, 'gsm'],
			['the GSM extension table', 'Price: €5 {net}', 0, 'gsm'],
			['an accent outside GSM (ê)', 'Fête ce soir', 1, 'unicode'],
			['an emoji', 'Thanks 🙏', 1, 'unicode'],
			['another script', 'Ɔdɔ yɛ', 1, 'unicode'],
		])('%s', async (_name, message, type, name) => {
			const { items } = await t.run({
				items: [{ phone: '0241234567' }],
				parameters: sendParameters({ message }),
			});
			expect(t.requests()[0].unit?.type).toBe(type);
			expect(items[0].json.messageType).toBe(name);
		});

		it('Flash (Auto) keeps the flash variant', async () => {
			await t.run({
				items: [
					{ phone: '0241234567', m: 'Plain' },
					{ phone: '0201234567', m: 'Fête' },
				],
				parameters: sendParameters({ message: '={{ $json.m }}', messageType: 'flashAuto' }),
			});
			expect(t.requests().map((r) => r.unit?.type)).toEqual([2, 3]);
		});

		it('personalised: decides on each rendered text, so one emoji does not make every message Unicode', async () => {
			const { items } = await t.run({
				items: [
					{ phone: '0241111111', first_name: 'Ama', amount: 1 },
					{ phone: '0242222222', first_name: 'Zoë 😀', amount: 2 },
					{ phone: '0243333333', first_name: 'Kofi', amount: 3 },
				],
				parameters: personalisedParameters(),
			});
			expect(t.requests().map((r) => [r.unit?.type, r.rendered])).toEqual([
				[0, ['Hello Ama, you owe GHS 1.', 'Hello Kofi, you owe GHS 3.']],
				[1, ['Hello Zoë 😀, you owe GHS 2.']],
			]);
			expect(items.map((i) => [i.json.input, i.json.messageType, i.pairedItem])).toEqual([
				['0241111111', 'gsm', { item: 0 }],
				['0243333333', 'gsm', { item: 2 }],
				['0242222222', 'unicode', { item: 1 }],
			]);
		});
	});

	// `characters` counts what carriers bill: GSM septets (an extension character is two) and
	// UTF-16 units in Unicode (an emoji is two), the count that decides `parts`.
	describe('characters and parts per destination', () => {
		it.each([
			['160 GSM characters', 'a'.repeat(160), 'gsm', 160, 1],
			['161 GSM characters', 'a'.repeat(161), 'gsm', 161, 2],
			['80 extension characters count 160', '{'.repeat(80), 'gsm', 160, 1],
			['81 extension characters count 162', '{'.repeat(81), 'gsm', 162, 2],
			['70 Unicode units', 'ê'.repeat(70), 'unicode', 70, 1],
			['71 Unicode units', 'ê'.repeat(71), 'unicode', 71, 2],
			['an emoji counts two units', '😀'.repeat(35), 'unicode', 70, 1],
			['Price 10€ [x]: the € and brackets count two each', 'Price 10€ [x]', 'gsm', 16, 1],
			['36 emoji are 72 units', '😀'.repeat(36), 'unicode', 72, 2],
		])('%s', async (_name, message, type, characters, parts) => {
			const { items } = await t.run({
				items: [{ phone: '0241234567' }],
				parameters: sendParameters({ message }),
			});
			expect(items[0].json).toMatchObject({ messageType: type, characters, parts });
			// The simulator bills the same parts.
			expect(1000 - t.sim.balance('demo')).toBe(parts);
		});

		it('personalised: counted on each destination’s own text, shown with Include Text', async () => {
			const { items } = await t.run({
				items: [
					{ phone: '0241111111', first_name: 'Ama', amount: 1 },
					{ phone: '0242222222', first_name: 'x'.repeat(160), amount: 2 },
				],
				parameters: personalisedParameters({
					template: 'Hi {$first_name}, ${$amount}',
					options: { includeText: true },
				}),
			});
			expect(items.map((i) => [i.json.text, i.json.characters, i.json.parts])).toEqual([
				['Hi Ama, $1', 10, 1],
				[`Hi ${'x'.repeat(160)}, $2`, 167, 2],
			]);
		});
	});

	describe('Dry Run', () => {
		it('checks, renders and counts, shows the request, and sends nothing', async () => {
			const { items, error } = await t.run({
				items: [
					{ phone: '0241111111', first_name: 'Ama', amount: 5 },
					{ phone: '0242222222', first_name: 'Kofi', amount: 7 },
				],
				parameters: personalisedParameters({ options: { dryRun: true, includeText: true } }),
			});
			expect(error).toBeUndefined();
			expect(t.requests()).toHaveLength(0);
			expect(items).toEqual([
				{
					json: {
						input: '0241111111',
						to: '0241111111',
						verdict: 'dryRun',
						reason: 'not sent (dry run)',
						messageType: 'gsm',
						characters: 25,
						parts: 1,
						text: 'Hello Ama, you owe GHS 5.',
						values: ['Ama', 5],
						request: {
							number: 1,
							method: 'POST',
							path: '/v5/message/sms/send',
							contentType: 'application/json',
							estimatedParts: 2,
							body: '{"text":"Hello {$va}, you owe GHS {$vb}.","type":0,"sender":"SMSDemo","destinations":[{"number":"0241111111","values":["Ama",5]},{"number":"0242222222","values":["Kofi",7]}]}',
						},
					},
					pairedItem: { item: 0 },
				},
				{
					json: expect.objectContaining({
						input: '0242222222',
						verdict: 'dryRun',
						request: {
							number: 1,
							method: 'POST',
							path: '/v5/message/sms/send',
							contentType: 'application/json',
							estimatedParts: 2,
						},
					}),
					pairedItem: { item: 1 },
				},
			]);
		});

		it('still stops on bad input', async () => {
			const { error } = await t.run({
				items: [{ phone: 'x' }],
				parameters: sendParameters({ options: { dryRun: true } }),
			});
			expect(error?.message).toContain('Phone Numbers has an invalid phone number "x"');
		});
	});

	describe('Schedule', () => {
		it('sends schedule {dateTime, offset} as the vendor documents', async () => {
			const at = daysFromNow(2);
			const { items } = await t.run({
				items: [{ phone: '0241234567' }],
				parameters: sendParameters({ options: { scheduleAt: at, scheduleOffset: '+00:00' } }),
			});
			const [request] = t.requests();
			expect(JSON.parse(request.rawBody).schedule).toEqual({
				dateTime: `${at.slice(0, 10)} 09:30`,
				offset: '+00:00',
			});
			expect(items[0].json).toMatchObject({
				verdict: 'scheduled',
				reason: 'scheduled',
				status: { id: 2104 },
			});
		});

		it('in XML too', async () => {
			const at = daysFromNow(2);
			await t.run({
				items: [{ phone: '0241234567' }],
				parameters: sendParameters({ options: { scheduleAt: at, dataFormat: 'xml' } }),
			});
			expect(t.requests()[0].rawBody).toContain(
				`<schedule><dateTime>${at.slice(0, 10)} 09:30</dateTime></schedule>`,
			);
		});

		it('refuses a time in the past', async () => {
			const { error } = await t.run({
				items: [{ phone: '0241234567' }],
				parameters: sendParameters({
					options: { scheduleAt: daysFromNow(-1), scheduleOffset: '+00:00' },
				}),
			});
			expect(error?.message).toMatch(
				/^Schedule At \d{4}-\d{2}-\d{2} 09:30 is in the past: give a time in the future, or leave it empty to send now$/,
			);
			expect(t.requests()).toHaveLength(0);
		});

		it.each(['+14:00', '0:00', '+5:30', 'UTC'])('refuses the offset %s', async (offset) => {
			const { error } = await t.run({
				items: [{ phone: '0241234567' }],
				parameters: sendParameters({
					options: { scheduleAt: daysFromNow(1), scheduleOffset: offset },
				}),
			});
			expect(error?.message).toBe(
				`Schedule UTC Offset "${offset}" is not an offset such as +00:00 or -05:30 (from -12:00 to +13:00)`,
			);
		});
	});

	describe('Delivery Report URL', () => {
		it('sends callback {url, accept}', async () => {
			await t.run({
				items: [{ phone: '0241234567' }],
				parameters: sendParameters({
					options: { callbackUrl: 'https://example.com/hook', callbackFormat: 'xml' },
				}),
			});
			expect(JSON.parse(t.requests()[0].rawBody).callback).toEqual({
				url: 'https://example.com/hook',
				accept: 'application/xml',
			});
		});

		it('refuses a URL that is not http or https', async () => {
			const { error } = await t.run({
				items: [{ phone: '0241234567' }],
				parameters: sendParameters({ options: { callbackUrl: 'ftp://example.com' } }),
			});
			expect(error?.message).toBe(
				'Delivery Report URL "ftp://example.com" is not an http or https URL',
			);
		});

		it('receives the delivery reports the service pushes', async () => {
			const received: string[] = [];
			const server = createServer((req, res) => {
				let body = '';
				req.on('data', (chunk) => (body += chunk));
				req.on('end', () => {
					received.push(body);
					res.end('ok');
				});
			});
			await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
			const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/reports`;
			try {
				const { items } = await t.run({
					items: [{ phone: '0241234567' }],
					parameters: sendParameters({ options: { callbackUrl: url } }),
				});
				const simulator = t.sim as unknown as {
					deliverReports?: (batch?: string) => Promise<number>;
				};
				expect(typeof simulator.deliverReports).toBe('function');
				expect(await simulator.deliverReports!(items[0].json.batch as string)).toBe(1);
				const report = JSON.parse(received[0]);
				expect(report.data.batch).toBe(items[0].json.batch);
				expect(report.data.destinations[0]).toMatchObject({
					id: items[0].json.messageId,
					status: { id: 2110 },
				});
			} finally {
				server.close();
			}
		});
	});
});
