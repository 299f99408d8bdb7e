/**
 * The trigger on the reports of voice batches (Voice → Send with a Delivery Report URL): read as
 * Get Delivery Report reads them, whatever form names the category (the label in any case, or
 * 2), each item saying `category: 'voice'`; USSD, which the vendor's SDKs cannot report, stays
 * unreadable.
 */
import { BATCH, dest, gzbin, jsonReport, xmlReport } from './reports';
import { push } from './webhookContext';
import { textExcerpt } from '../../../nodes/SmsOnlineGhTrigger/excerpt';
import { omit } from '../../harness/omit';

const ID_A = 'a3f1c2d4-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const ID_B = 'b3f1c2d4-5e6f-4a7b-8c9d-0e1f2a3b4c5d';

const ANSWERED_A = dest(ID_A, '233241234567', 2110, {
	country: 'GH',
	messageCount: 1,
	submitDateTime: '2026-11-26 09:00:00',
	reportDateTime: '2026-11-26 09:00:40',
});
const TWO = [ANSWERED_A, dest(ID_B, '233201234567', 2111)];

const VOICE_A = {
	batch: BATCH,
	messageId: ID_A,
	to: '233241234567',
	verdict: 'delivered',
	reason: 'delivered',
	final: true,
	status: { id: 2110, label: 'S2110' },
	country: 'GH',
	submittedAt: '2026-11-26 09:00:00',
	reportedAt: '2026-11-26 09:00:40',
	// No partsBilled, though the push counts one: a voice message has no parts.
	category: 'voice',
};
const VOICE_B = {
	batch: BATCH,
	messageId: ID_B,
	to: '233201234567',
	verdict: 'expired',
	reason: 'expired',
	final: true,
	status: { id: 2111, label: 'S2111' },
	category: 'voice',
};

describe('SMSOnlineGH Trigger: the pushed report of a voice batch', () => {
	it.each([
		['JSON, category 2', jsonReport(TWO, { category: 2 }), 'application/json'],
		['JSON, the label voice', jsonReport(TWO, { category: 'voice' }), 'application/json'],
		['JSON, the label VOICE', jsonReport(TWO, { category: 'VOICE' }), 'application/json'],
		['XML, the label voice', xmlReport(TWO, { category: 'voice' }), 'application/xml'],
		['XML, the label Voice', xmlReport(TWO, { category: 'Voice' }), 'application/xml'],
		['XML, category 2', xmlReport(TWO, { category: 2 }), 'application/xml'],
		[
			'gzbin of JSON',
			gzbin(jsonReport(TWO, { category: 2 })),
			'application/vnd.zenoph.zbm.gzbin+json',
		],
		[
			'gzbin of XML',
			gzbin(xmlReport(TWO, { category: 'voice' })),
			'application/vnd.zenoph.zbm.gzbin+xml',
		],
	])('%s: 200, one item per destination with category voice', async (_name, body, contentType) => {
		const { written, items } = await push({ body, contentType });
		expect(written).toEqual({});
		expect(items).toEqual([VOICE_A, VOICE_B]);
	});

	it('an SMS report keeps its items without a category (as before voice)', async () => {
		const { items } = await push({ body: jsonReport(TWO, { category: 1 }) });
		const smsA = omit(VOICE_A, 'category');
		// An SMS has parts: its item gives the service's count.
		expect(items?.[0]).toEqual({ ...smsA, partsBilled: 1 });
		expect(items?.map((i) => 'category' in i)).toEqual([false, false]);
	});

	it('One Item per Report: the report item says voice too', async () => {
		const { items } = await push({
			body: xmlReport(TWO, { category: 'voice' }),
			options: { shape: 'report' },
		});
		expect(items).toEqual([
			{ batch: BATCH, category: 'voice', destinationsCount: 2, destinations: [VOICE_A, VOICE_B] },
		]);
	});

	it('Only Verdicts applies to voice destinations as to SMS ones', async () => {
		const { items } = await push({
			body: jsonReport(TWO, { category: 'voice' }),
			options: { verdicts: ['expired'] },
		});
		expect(items).toEqual([VOICE_B]);
	});

	it('one unreadable destination of a voice report: the others still say voice, it alone warns', async () => {
		const body = jsonReport(
			[{ id: ID_A, status: { id: 2110 } }, dest(ID_B, '233201234567', 2111)],
			{ category: 'voice' },
		);
		const { items } = await push({ body });
		expect(items).toEqual([
			{
				warning: 'The pushed report could not be read whole: destination 1 number is missing',
				destination: { id: ID_A, status: { id: 2110 } },
			},
			VOICE_B,
		]);
	});

	it.each([
		['JSON, the label ussd', jsonReport(TWO, { category: 'ussd' }), 'application/json'],
		['JSON, category 3', jsonReport(TWO, { category: 3 }), 'application/json'],
		['XML, the label USSD', xmlReport(TWO, { category: 'USSD' }), 'application/xml'],
		[
			'gzbin of XML, category 3',
			gzbin(xmlReport(TWO, { category: 3 })),
			'application/vnd.zenoph.zbm.gzbin+xml',
		],
	])(
		'USSD (%s): 200, one warning item with the raw body, no destination read',
		async (_name, body, contentType) => {
			const { written, items } = await push({ body, contentType });
			expect(written).toEqual({});
			expect(items).toEqual([
				{
					warning:
						'A delivery report was pushed but could not be read: the answer names the message category ussd, not SMS or voice. The whole body is in the binary property rawBody.',
					excerpt: textExcerpt(body),
					contentType,
				},
			]);
		},
	);
});
