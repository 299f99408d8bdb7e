/**
 * reportedDestination: the output item for a destination the service reported on. The verdict is
 * read as a report reads it (`pending` until a final status), a validation other than 2401 makes
 * the status not worth reading (`unknown`, with the validation's reason), and only what the
 * service said beyond the status is added.
 */
import { customMessageId } from '../../../nodes/shared/referenceIds';
import { reportedDestination, reportItem, TextPool } from '../../../nodes/shared/reportItems';
import type { DestinationReceipt } from '../../../nodes/shared/transport/endpoints/send';

const BATCH = '4f1c2a9be07d4c55a3b6e8f01d2c3b4a';
const UUID = '093841e5-578a-41f4-5f5f-2f3910886c12';

function destination(
	id: number,
	label: string,
	extra: Partial<DestinationReceipt> = {},
): DestinationReceipt {
	return { messageId: UUID, to: '233241234567', status: { id, label }, ...extra };
}

describe('reportedDestination', () => {
	it.each([
		[2105, 'pending en route'],
		[2106, 'processing'],
		[2107, 'queued'],
		[2108, 'pending delivery report'],
		[2109, 'submitted'],
		[2139, 'pending acknowledgement'],
	])('%i: pending', (id, reason) => {
		expect(reportedDestination(BATCH, destination(id, 'DS_X'))).toEqual({
			batch: BATCH,
			messageId: UUID,
			to: '233241234567',
			verdict: 'pending',
			reason,
			final: false,
			status: { id, label: 'DS_X' },
		});
	});

	it('delivered, with everything the service said about it, in order', () => {
		const json = reportedDestination(
			BATCH,
			destination(2110, 'DS_DELIVERED', {
				country: 'Ghana',
				partsBilled: 2,
				submittedAt: '2025-03-01 09:30:00',
				reportedAt: '2025-03-01 09:30:07',
				validation: 2401,
			}),
		);
		expect(json).toEqual({
			batch: BATCH,
			messageId: UUID,
			to: '233241234567',
			verdict: 'delivered',
			reason: 'delivered',
			final: true,
			status: { id: 2110, label: 'DS_DELIVERED' },
			country: 'Ghana',
			submittedAt: '2025-03-01 09:30:00',
			reportedAt: '2025-03-01 09:30:07',
			partsBilled: 2,
		});
		expect(Object.keys(json)).toEqual([
			'to',
			'verdict',
			'reason',
			'final',
			'batch',
			'messageId',
			'status',
			'country',
			'submittedAt',
			'reportedAt',
			'partsBilled',
		]);
	});

	it.each([
		[2111, 'expired', 'expired', true],
		[2112, 'undelivered', 'undelivered', true],
		[2104, 'scheduled', 'scheduled', false],
		[2103, 'cancelled', 'schedule deleted', true],
		[2199, 'unknown', 'status 2199 is not documented', false],
	])('%i: %s', (id, verdict, reason, final) => {
		expect(reportedDestination(BATCH, destination(id, ''))).toMatchObject({
			verdict,
			reason,
			final,
			status: { id, label: '' },
		});
	});

	it('validation 2401 (valid) changes nothing and is not shown', () => {
		const json = reportedDestination(
			BATCH,
			destination(2105, 'DS_PENDING_ENROUTE', { validation: 2401 }),
		);
		expect(json).toMatchObject({ verdict: 'pending', reason: 'pending en route', final: false });
		expect(json).not.toHaveProperty('validation');
	});

	it.each([
		[2402, 'DV_ERR_QUERY_TIME', 'the query time is invalid for this destination'],
		[2403, 'DV_ERR_DESTINATION_ID', 'invalid destination id'],
		[2404, 'DV_UNKNOWN', 'validation unknown'],
		[2499, 'UNKNOWN', 'validation 2499 is not documented'],
	])(
		'validation %i: the verdict unknown, the validation’s reason, not final, the status kept',
		(id, label, reason) => {
			expect(
				reportedDestination(BATCH, destination(2110, 'DS_DELIVERED', { validation: id })),
			).toEqual({
				batch: BATCH,
				messageId: UUID,
				to: '233241234567',
				verdict: 'unknown',
				reason,
				final: false,
				status: { id: 2110, label: 'DS_DELIVERED' },
				validation: { id, label },
			});
		},
	);

	it('a message id derived from a readable Client Reference gives it back, before what the service added', () => {
		const messageId = customMessageId('ORD-7', '233241234567', 'Hello');
		const json = reportedDestination(BATCH, {
			...destination(2110, 'DS_DELIVERED', { country: 'Ghana' }),
			messageId,
		});
		expect(json).toEqual({
			batch: BATCH,
			messageId,
			to: '233241234567',
			verdict: 'delivered',
			reason: 'delivered',
			final: true,
			status: { id: 2110, label: 'DS_DELIVERED' },
			clientReference: 'ORD-7',
			country: 'Ghana',
		});
		expect(Object.keys(json).slice(-2)).toEqual(['clientReference', 'country']);
	});

	it('with an invalid validation, the reference still comes back', () => {
		const messageId = customMessageId('INV-2024-001', '233241234567', 'Hello');
		expect(
			reportedDestination(BATCH, { ...destination(2105, '', { validation: 2403 }), messageId }),
		).toMatchObject({
			verdict: 'unknown',
			clientReference: 'INV-2024-001',
			validation: { id: 2403, label: 'DV_ERR_DESTINATION_ID' },
		});
	});

	it.each([
		['the service’s own id (a UUID)', UUID],
		[
			'an id derived from a reference that is not plain',
			customMessageId('Order #7', '233241234567', 'Hello'),
		],
		[
			'an id derived from a reference over 20 characters',
			customMessageId('ORDER-2024-0000000001', '233241234567', 'Hello'),
		],
	])('%s: no clientReference', (_case, messageId) => {
		expect(reportedDestination(BATCH, { ...destination(2110, ''), messageId })).not.toHaveProperty(
			'clientReference',
		);
	});

	it('an unchecked id that names no number: no to in the item', () => {
		const json = reportedDestination(
			BATCH,
			destination(2101, 'DS_UNKNOWN', { to: '', validation: 2403 }),
		);
		expect(json).toEqual({
			batch: BATCH,
			messageId: UUID,
			verdict: 'unknown',
			reason: 'invalid destination id',
			final: false,
			status: { id: 2101, label: 'DS_UNKNOWN' },
			validation: { id: 2403, label: 'DV_ERR_DESTINATION_ID' },
		});
		expect(Object.keys(json).slice(0, 5)).toEqual([
			'verdict',
			'reason',
			'final',
			'batch',
			'messageId',
		]);
	});

	it('the batch given is the one shown', () => {
		expect(reportedDestination('b'.repeat(32), destination(2110, '')).batch).toBe('b'.repeat(32));
	});
	it('with a text pool: the same item, read twice over the same pool', () => {
		const pool = new TextPool();
		const full = destination(2110, 'DS_DELIVERED', {
			country: 'GH',
			submittedAt: '2026-11-20 10:00:00',
			reportedAt: '2026-11-20 10:00:05',
			partsBilled: 1,
		});
		expect(reportedDestination(BATCH, full, pool)).toEqual(reportedDestination(BATCH, full));
		expect(reportedDestination(BATCH, full, pool)).toEqual(reportedDestination(BATCH, full));
		expect(pool.of(undefined)).toBeUndefined();
	});
});

describe('reportItem: a report’s item, its category last', () => {
	const full: Partial<DestinationReceipt> = {
		country: 'Ghana',
		submittedAt: '2026-11-23 10:00:00',
		reportedAt: '2026-11-23 10:00:05',
		partsBilled: 1,
	};
	const reference = customMessageId('order-1', '233241234567', 'Hello');
	it.each([
		['every field a sent SMS has', destination(2110, 'DS_DELIVERED', full)],
		['validated by id (2401)', destination(2110, 'DS_DELIVERED', { ...full, validation: 2401 })],
		[
			'pending, no report time',
			destination(2105, 'DS_PENDING_ENROUTE', { ...full, reportedAt: undefined }),
		],
		['no country', destination(2110, 'DS_DELIVERED', { ...full, country: undefined })],
		['no parts', destination(2110, 'DS_DELIVERED', { ...full, partsBilled: undefined })],
		['no submit time', destination(2110, 'DS_DELIVERED', { ...full, submittedAt: undefined })],
		[
			'an id the service could not check',
			destination(2101, 'DS_X', { ...full, to: '', validation: 2404 }),
		],
		['a Client Reference', destination(2110, 'DS_DELIVERED', { ...full, messageId: reference })],
	])('%s: reportedDestination’s fields in their order, then the category', (_name, received) => {
		// The receipt as the reader gives it: absent fields are not there at all.
		const given = Object.fromEntries(
			Object.entries(received).filter(([, v]) => v !== undefined),
		) as DestinationReceipt;
		const expected = { ...reportedDestination(BATCH, given), category: 'sms' };
		const item = reportItem(BATCH, given, new TextPool(), 'sms');
		expect(item).toStrictEqual(expected);
		expect(Object.keys(item)).toEqual(Object.keys(expected));
	});
});
