/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/**
 * The trigger, request by request: what the service gets back (HTTP status) and what the workflow
 * sees (the items of the execution it starts, or no execution), for reports and for every bad
 * input a push may bring.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { gunzipSync } from 'node:zlib';

import { BATCH, dest, gzbin, gzipBomb, jsonReport, xmlReport } from './reports';
import { push, SECRET } from './webhookContext';
import { figure } from '../../harness/figures';
import { textExcerpt } from '../../../nodes/SmsOnlineGhTrigger/excerpt';

const REF_ID = 'ORD-1042-0123456789abcdef0123456789abcde';
const ID_A = 'a3f1c2d4-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const ID_B = 'b3f1c2d4-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const ID_C = 'c3f1c2d4-5e6f-4a7b-8c9d-0e1f2a3b4c5d';

const DELIVERED_A = dest(ID_A, '233241234567', 2110, {
	country: 'GH',
	messageCount: 2,
	submitDateTime: '2026-11-23 10:00:00',
	reportDateTime: '2026-11-23 10:00:07',
	unknownMember: { kept: 'out' },
});

const ITEM_A = {
	batch: BATCH,
	messageId: ID_A,
	to: '233241234567',
	verdict: 'delivered',
	reason: 'delivered',
	final: true,
	status: { id: 2110, label: 'S2110' },
	country: 'GH',
	submittedAt: '2026-11-23 10:00:00',
	reportedAt: '2026-11-23 10:00:07',
	partsBilled: 2,
};

const THREE = [DELIVERED_A, dest(ID_B, '233201234567', 2112), dest(REF_ID, '233240000000', 2122)];

describe('SMSOnlineGH Trigger: a pushed report becomes items', () => {
	it('JSON: one item per destination, the Get Delivery Report fields, unknown members left out', async () => {
		const { written, items, result } = await push({
			body: jsonReport(THREE),
			contentType: 'application/json',
		});
		expect(written).toEqual({});
		expect(result.noWebhookResponse).toBeUndefined();
		expect(items).toEqual([
			ITEM_A,
			{
				batch: BATCH,
				messageId: ID_B,
				to: '233201234567',
				verdict: 'undelivered',
				reason: 'undelivered',
				final: true,
				status: { id: 2112, label: 'S2112' },
			},
			{
				batch: BATCH,
				messageId: REF_ID,
				to: '233240000000',
				verdict: 'rejected',
				reason: 'rejected by the network',
				final: true,
				status: { id: 2122, label: 'S2122' },
				clientReference: 'ORD-1042',
			},
		]);
	});

	it.each([
		['XML', xmlReport(THREE), 'application/xml'],
		['gzbin of JSON', gzbin(jsonReport(THREE)), 'application/vnd.zenoph.zbm.gzbin+json'],
		['gzbin of XML', gzbin(xmlReport(THREE)), 'application/vnd.zenoph.zbm.gzbin+xml'],
		['JSON said to be text', jsonReport(THREE), 'text/plain'],
		['XML with no Content-Type', xmlReport(THREE), undefined],
		['gzbin said to be JSON', gzbin(jsonReport(THREE)), 'application/json'],
	])('%s: the same items, whatever the Content-Type says', async (_name, body, contentType) => {
		const { items } = await push({ body, contentType });
		expect(items?.map((i) => [i.messageId, i.verdict])).toEqual([
			[ID_A, 'delivered'],
			[ID_B, 'undelivered'],
			[REF_ID, 'rejected'],
		]);
		expect(items?.[0]).toEqual(ITEM_A);
	});

	it('a pending status reads as pending, an undocumented one as unknown', async () => {
		const { items } = await push({
			body: jsonReport([dest(ID_A, '233241234567', 2108), dest(ID_B, '233201234567', 2999)]),
		});
		expect(items?.map((i) => [i.verdict, i.final, i.reason])).toEqual([
			['pending', false, 'pending delivery report'],
			['unknown', false, 'status 2999 is not documented'],
		]);
	});

	it('a repeat the service refused (2131) reads as alreadySent and final, never rejected', async () => {
		const { items } = await push({ body: jsonReport([dest(ID_A, '233241234567', 2131)]) });
		expect(items?.map((i) => [i.verdict, i.final])).toEqual([['alreadySent', true]]);
		expect(items?.[0].reason).toMatch(/^already sent: an earlier send has this message/);
		const only = await push({
			body: jsonReport([dest(ID_A, '233241234567', 2131)]),
			options: { verdicts: ['rejected'] },
		});
		expect(only.items).toBeUndefined();
	});

	it('Only Verdicts: only those destinations; none left starts no execution and still answers 200', async () => {
		const failures = { options: { verdicts: ['undelivered', 'rejected', 'expired'] } };
		const some = await push({ body: jsonReport(THREE), ...failures });
		expect(some.items?.map((i) => i.messageId)).toEqual([ID_B, REF_ID]);
		const none = await push({ body: jsonReport([DELIVERED_A]), ...failures });
		expect(none.items).toBeUndefined();
		expect(none.written).toEqual({});
		expect(none.result.webhookResponse).toEqual({
			message: "No destination matched the trigger's verdicts",
		});
	});

	it.each(['whenFinished', 'immediately'])(
		'Respond %s: the node does the same (n8n alone answers by it); refusals and no match are answered before any execution',
		async (respond) => {
			const taken = await push({ body: jsonReport(THREE), options: { respond } });
			expect(taken.written).toEqual({});
			expect(taken.result.noWebhookResponse).toBeUndefined();
			expect(taken.items?.map((i) => i.messageId)).toEqual([ID_A, ID_B, REF_ID]);
			const stranger = await push({ body: jsonReport(THREE), options: { respond }, query: {} });
			expect(stranger.result).toEqual({ noWebhookResponse: true });
			expect(stranger.written.status).toBe(401);
			const none = await push({
				body: jsonReport([DELIVERED_A]),
				options: { respond, verdicts: ['expired'] },
			});
			expect(none.result).toEqual({
				webhookResponse: { message: "No destination matched the trigger's verdicts" },
			});
		},
	);

	it('One Item per Report: one item holding the destinations', async () => {
		const { items } = await push({
			body: xmlReport(THREE),
			options: { shape: 'report', verdicts: ['delivered'] },
		});
		expect(items).toEqual([{ batch: BATCH, destinationsCount: 1, destinations: [ITEM_A] }]);
	});
});

/** V8's collector, asked for by hand so that a memory figure starts from a clean heap. */
function collectGarbage(): void {
	setFlagsFromString('--expose-gc');
	(runInNewContext('gc') as () => void)();
}

/** A refusal: no execution, the status and a message naming no secret and no part of the body. */
function expectRefused(
	outcome: Awaited<ReturnType<typeof push>>,
	status: number,
	body: string,
): void {
	expect(outcome.items).toBeUndefined();
	expect(outcome.result).toEqual({ noWebhookResponse: true });
	expect(outcome.written.status).toBe(status);
	const said = JSON.stringify(outcome.written.json);
	expect(said).not.toContain(SECRET);
	if (body.trim() !== '') expect(said).not.toContain(body.slice(0, 20));
	expect(outcome.logged).toEqual([]);
}

describe('SMSOnlineGH Trigger: bad input (HTTP status the service gets, what the workflow sees)', () => {
	const report = jsonReport(THREE);

	it.each([
		['no token', { query: {} }],
		['a wrong token', { query: { token: 'guess' } }],
		['the token with one character more', { query: { token: `${SECRET}x` } }],
		['the token twice (?token=…&token=…)', { query: { token: [SECRET, SECRET] } }],
	])('%s: 401, no execution', async (_name, call) => {
		expectRefused(await push({ body: report, ...call }), 401, report);
	});

	it('a node whose Secret Token is empty lets nothing in', async () => {
		expectRefused(await push({ body: report, secret: '', query: { token: '' } }), 401, report);
	});

	it('the token is checked before the size: a stranger learns nothing of the limit', async () => {
		const big = 'x'.repeat(5 * 1024 * 1024);
		expectRefused(await push({ body: big, query: {} }), 401, big);
	});

	it.each([
		['with its Content-Length', {}],
		['sent chunked (the size shows only while reading)', { chunked: true }],
		['already read by n8n', { readByN8n: true }],
	])('a 5 MB body %s: 413, no execution; the option raises the limit', async (_name, how) => {
		const big = jsonReport([DELIVERED_A], { padding: 'p'.repeat(5 * 1024 * 1024) });
		expectRefused(await push({ body: big, ...how }), 413, big);
		const raised = await push({ body: big, options: { maxBodySizeMb: 6 }, ...how });
		expect(raised.items).toEqual([ITEM_A]);
	});

	it('a body n8n has already read (a node saved without the hidden option) gives the same items', async () => {
		const { items } = await push({
			body: xmlReport(THREE),
			contentType: 'application/json',
			readByN8n: true,
		});
		expect(items?.map((i) => i.messageId)).toEqual([ID_A, ID_B, REF_ID]);
	});

	it.each([
		['an empty body', ''],
		['a blank body', ' \n '],
		['plain text', 'delivered 233241234567'],
		['a form body', 'batch=9f2c&status=2110'],
		['gzbin that is not base64', 'H4sI not base64 at all!'],
		['base64 that is not gzip', Buffer.from('{"handshake":{"id":0}}').toString('base64')],
	])('%s: 400, no execution', async (_name, body) => {
		expectRefused(
			await push({ body, contentType: 'application/vnd.zenoph.zbm.gzbin+json' }),
			400,
			body,
		);
	});

	it('no body at all (n8n read none): 400', async () => {
		const outcome = await push({});
		expect(outcome.written).toEqual({
			status: 400,
			json: { message: 'Not a delivery report: the body is empty' },
		});
	});

	/** 200 and one item: the raw text and why it could not be read. */
	it.each([
		['a JSON body with no destinations', jsonReport(undefined), 'the report names no destination'],
		[
			'a JSON body with an empty destinations list',
			jsonReport([]),
			'the report names no destination',
		],
		['XML with an empty destinations list', xmlReport([]), 'the report names no destination'],
		[
			'a destinations member that is no list',
			jsonReport('none'),
			'the send response has no destinations list',
		],
		['a JSON body that is not a report', '{"hello":"world"}', 'the response has no handshake'],
		['JSON cut short', report.slice(0, 60), 'the JSON body is malformed or cut short'],
		[
			'XML with a bad envelope (no <response>)',
			'<reply><data/></reply>',
			'the XML body has no <response> root',
		],
		[
			'XML with no handshake',
			'<response><data><batch>x</batch></data></response>',
			'the response has no handshake',
		],
		[
			'malformed XML',
			'<response><handshake><id>0</id></handshake><data>',
			'the XML body is malformed or cut short',
		],
		[
			'a report with a non-zero handshake',
			jsonReport(THREE, {}, 1501),
			"the report's handshake is 1501 HSHK_ERR, not 0",
		],
		[
			'gzip of something else',
			gzbin('not a report'),
			'the compressed body holds neither JSON nor XML',
		],
		['gzip cut short', gzbin(report).slice(0, 40), 'the compressed body could not be inflated'],
	])('%s: 200, one item with the raw text and a warning', async (_name, body, reason) => {
		const { items, written } = await push({ body, contentType: 'application/json' });
		expect(written).toEqual({});
		expect(items).toHaveLength(1);
		expect(items?.[0].warning).toContain(reason);
		expect(items?.[0].excerpt).toBe(textExcerpt(body));
		expect(items?.[0].contentType).toBe('application/json');
	});

	it('a small bomb inflates as zlib does (the test bomb is real gzip)', () => {
		expect(
			gunzipSync(Buffer.from(gzipBomb(3), 'base64')).equals(Buffer.alloc(3 * 1024 * 1024)),
		).toBe(true);
	});

	it('a gzip bomb (1 GB of zeros, 1.4 MB of base64) under the default 4 MB: 200, one warning item with the raw body, nothing inflated beyond the limit', async () => {
		const bomb = gzipBomb(1024);
		collectGarbage();
		const before = process.memoryUsage();
		const { items, written } = await push({
			body: bomb,
			contentType: 'application/vnd.zenoph.zbm.gzbin+json',
		});
		const after = process.memoryUsage();
		const mb = (bytes: number) => `${(bytes / 1048576).toFixed(1)} MB`;
		// A reported figure, not an assertion (garbage collection makes it vary): the inflater's
		// output stops at the limit, 4 MB, where it would have grown to 256 MB.
		figure(
			`gzip bomb of 1 GB (${mb(bomb.length)} of base64): buffers outside the heap +${mb(after.arrayBuffers - before.arrayBuffers)} after the push (the output alone would reach 256 MB under the API client's limit)`,
		);
		expect(written).toEqual({});
		expect(items).toEqual([
			{
				warning:
					"A delivery report was pushed but could not be read: the compressed body inflates to more than 4 MB, the trigger's Maximum Body Size: raise that option to read such a report. The whole body is in the binary property rawBody.",
				excerpt: textExcerpt(bomb),
				contentType: 'application/vnd.zenoph.zbm.gzbin+json',
			},
		]);
	});

	it('a compressed report larger than Maximum Body Size once inflated: a warning item; raising the option reads it', async () => {
		const many = Array.from({ length: 12000 }, (_, i) =>
			dest(`${String(i).padStart(8, '0')}-5e6f-4a7b-8c9d-0e1f2a3b4c5d`, '233241234567', 2110),
		);
		const report = jsonReport(many);
		expect(report.length).toBeGreaterThan(1024 * 1024); // inflated: more than 1 MB
		const body = gzbin(report);
		const small = await push({ body, options: { maxBodySizeMb: 1 } });
		expect(small.written).toEqual({});
		expect(small.items).toHaveLength(1);
		expect(small.items?.[0].warning).toContain('the compressed body inflates to more than 1 MB');
		expect(small.items?.[0].excerpt).toBe(textExcerpt(body));
		const raised = await push({ body, options: { maxBodySizeMb: 2 } });
		expect(raised.items).toHaveLength(12000);
		expect(raised.items?.[11999]).toMatchObject({ batch: BATCH, verdict: 'delivered' });
	});

	it('one unreadable destination: the others as usual, it alone with a warning and its members', async () => {
		const body = jsonReport([
			DELIVERED_A,
			{ id: ID_B, status: { id: 2110 } },
			dest(ID_C, '233201234567', 2111),
		]);
		const { items } = await push({ body, options: { verdicts: ['expired'] } });
		expect(items).toEqual([
			{
				warning: 'The pushed report could not be read whole: destination 2 number is missing',
				destination: { id: ID_B, status: { id: 2110 } },
			},
			expect.objectContaining({ messageId: ID_C, verdict: 'expired' }),
		]);
	});

	it('repeated reports for the same message id: each push 200, each an execution (the trigger keeps no state)', async () => {
		const body = jsonReport([DELIVERED_A]);
		const first = await push({ body });
		const again = await push({ body });
		expect(first.items).toEqual([ITEM_A]);
		expect(again.items).toEqual([ITEM_A]);
		const twice = await push({ body: jsonReport([DELIVERED_A, DELIVERED_A]) });
		expect(twice.items).toEqual([ITEM_A, ITEM_A]);
	});
});
