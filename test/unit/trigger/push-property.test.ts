/**
 * Properties of the trigger's reading of a push, on random report shapes (JSON, XML, gzbin; odd
 * members, odd statuses, destinations that cannot be read) and on random bodies.
 */
import fc from 'fast-check';
import type { IDataObject } from 'n8n-workflow';

import { receive, type ReceptionSettings } from '../../../nodes/SmsOnlineGhTrigger/reception';
import { gzbin, jsonReport, xmlReport, type Dest } from './reports';

const SETTINGS: ReceptionSettings = {
	secret: 's',
	maxBodyBytes: 16 * 1024 * 1024,
	verdicts: [],
	shape: 'destination',
};

const id = fc.stringMatching(/^[A-Za-z0-9-]{1,40}$/);
const number = fc.stringMatching(/^233[0-9]{9}$/);
const status = fc.oneof(
	{
		weight: 6,
		arbitrary: fc.record({
			id: fc.integer({ min: 2100, max: 2141 }),
			label: fc.string({ maxLength: 8 }),
		}),
	},
	{ weight: 1, arbitrary: fc.record({ id: fc.integer() }) },
	{
		weight: 1,
		arbitrary: fc.constantFrom('2110', 'delivered', { id: 'x' }, { label: 'no id' }, null),
	},
);
const extra = fc.dictionary(
	fc.constantFrom(
		'country',
		'message',
		'messageCount',
		'submitDateTime',
		'reportDateTime',
		'validation',
		'values',
		'odd',
		'x-y',
	),
	fc.oneof(
		fc.string({ maxLength: 12 }),
		fc.integer(),
		fc.boolean(),
		fc.constantFrom('2026-11-23 10:00:00', { id: 2401 }, [1, 'a']),
	),
	{ maxKeys: 4 },
);

/** A destination: mostly readable, sometimes without a number or with a status that is not one. */
function destination(destId: string): fc.Arbitrary<Dest> {
	return fc
		.record({ to: fc.option(number, { nil: undefined, freq: 8 }), status, extra })
		.map(({ to, status: s, extra: e }) => ({
			...e,
			id: destId,
			...(to === undefined ? {} : { to }),
			status: s,
		}));
}

const report = fc
	.uniqueArray(id, { minLength: 1, maxLength: 30 })
	.chain((ids) => fc.tuple(...ids.map(destination)))
	.chain((destinations) =>
		fc.record({
			destinations: fc.constant(destinations),
			form: fc.constantFrom('json', 'xml', 'gzbin+json', 'gzbin+xml'),
			data: fc.dictionary(
				fc.constantFrom('text', 'type', 'sender', 'personalised', 'destinationsCount', 'extra'),
				fc.string({ maxLength: 6 }),
				{
					maxKeys: 3,
				},
			),
		}),
	);

function bodyOf(r: { destinations: Dest[]; form: string; data: Record<string, unknown> }): string {
	const text = r.form.endsWith('xml')
		? xmlReport(r.destinations, r.data)
		: jsonReport(r.destinations, r.data);
	return r.form.startsWith('gzbin') ? gzbin(text) : text;
}

/** The destination id an item stands for: its message id, or the id of the destination it warns about. */
function idOf(item: IDataObject): unknown {
	return item.messageId ?? (item.destination as IDataObject | undefined)?.id;
}

describe('SMSOnlineGH Trigger: properties of reading a push', () => {
	it('any report shape: never throws, answers 200, and every destination id appears exactly once', () => {
		fc.assert(
			fc.property(report, (r) => {
				const reception = receive({ token: 's', body: bodyOf(r), contentType: '' }, SETTINGS);
				expect(reception.httpStatus).toBe(200);
				if (reception.httpStatus !== 200) return;
				expect(reception.items.map(idOf).sort()).toEqual(r.destinations.map((d) => d.id).sort());
			}),
		);
	});

	it('with Only Verdicts: every item has one of them or a warning, and no destination twice', () => {
		const verdicts = fc.subarray(
			['pending', 'delivered', 'undelivered', 'expired', 'rejected', 'unknown'],
			{ minLength: 1 },
		);
		fc.assert(
			fc.property(report, verdicts, (r, chosen) => {
				const reception = receive(
					{ token: 's', body: bodyOf(r), contentType: '' },
					{ ...SETTINGS, verdicts: chosen },
				);
				if (reception.httpStatus !== 200) throw new Error(`HTTP ${reception.httpStatus}`);
				for (const item of reception.items)
					expect(item.warning !== undefined || chosen.includes(String(item.verdict))).toBe(true);
				const ids = reception.items.map(idOf);
				expect(new Set(ids).size).toBe(ids.length);
			}),
		);
	});

	it('One Item per Report: one item whose destinations are those of one item per destination', () => {
		fc.assert(
			fc.property(report, (r) => {
				const body = bodyOf(r);
				const each = receive({ token: 's', body, contentType: '' }, SETTINGS);
				const whole = receive(
					{ token: 's', body, contentType: '' },
					{ ...SETTINGS, shape: 'report' },
				);
				if (each.httpStatus !== 200 || whole.httpStatus !== 200) throw new Error('refused');
				expect(whole.items).toHaveLength(1);
				expect(whole.items[0].destinations).toEqual(each.items);
			}),
		);
	});

	it('any body at all: never throws; 200 with items or 400, and never 200 with no item', () => {
		const body = fc.oneof(
			fc.string(),
			fc.string({ unit: 'binary' }),
			fc.json(),
			fc.string().map((s) => `<${s}`),
			fc.string().map((s) => `{${s}`),
			fc.string().map((s) => gzbin(s)),
			fc.base64String(),
		);
		fc.assert(
			fc.property(
				body,
				fc.constantFrom(
					'',
					'application/json',
					'application/xml',
					'application/vnd.zenoph.zbm.gzbin+xml',
				),
				(b, type) => {
					const reception = receive({ token: 's', body: b, contentType: type }, SETTINGS);
					expect([200, 400]).toContain(reception.httpStatus);
					if (reception.httpStatus === 200) expect(reception.items.length).toBeGreaterThan(0);
				},
			),
		);
	});
});
