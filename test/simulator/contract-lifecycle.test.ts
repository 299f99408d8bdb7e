/**
 * The lifecycle endpoints in the contract dialect, in both formats: media types with a charset,
 * `category` an integer, destinations as `{id, to, status}` (with `validation` or `values` where the
 * endpoint adds them), `<data/>` on an XML error.
 */
import type {
	Destination,
	Envelope,
	ScheduledMessage,
	XmlDestination,
	XmlEnvelope,
	XmlScheduledMessage,
} from './answers';
import { plainUnit, useSimulator } from './helpers';
import {
	CANCEL,
	DESTINATIONS,
	DISPATCH,
	LATER,
	LIST,
	LOAD,
	REPORT,
	REPORT_IDS,
	UPDATE,
	call,
	envelopeOf,
	headersFor,
	sendOk,
} from './lifecycle-helpers';

const sim = useSimulator({ dialect: 'contract' });

/** A list as either format writes it: JSON's array, XML's repeated element, or XML's empty element. */
type EitherList<T> = T[] | Partial<Record<string, T[]>> | '';

/** What these tests read of an answer's data in either format (JSON's numbers, XML's strings). */
interface EitherData {
	delivery?: boolean | string;
	destinationsCount?: number | string;
	destinations?: EitherList<Destination | XmlDestination>;
	messages?: EitherList<ScheduledMessage | XmlScheduledMessage>;
}

/** A list as read from either format: JSON's array, or XML's repeated element. */
function listOf<T>(value: EitherList<T> | undefined, element: string): T[] {
	if (Array.isArray(value)) return value;
	return typeof value === 'object' ? (value[element] ?? []) : [];
}

describe.each(['json', 'xml'] as const)('contract dialect, %s', (format) => {
	const headers = headersFor(format);

	async function ask(
		path: string,
		body = '',
	): Promise<Envelope<EitherData> | XmlEnvelope<EitherData>> {
		const res = await call(sim().baseUrl, path, body, headers);
		expect(res.headers['content-type']).toBe(`application/${format}; charset=utf-8`);
		return envelopeOf<Envelope<EitherData> | XmlEnvelope<EitherData>>(res);
	}

	const idsBody = (ids: string[]): string =>
		format === 'json'
			? JSON.stringify({ destinations: ids })
			: `<request><destinations>${ids.map((id) => `<id>${id}</id>`).join('')}</destinations></request>`;

	it('reports by batch and by id: {id, to, status}, then validation', async () => {
		const sent = await sendOk(sim().baseUrl, plainUnit(['0241234567']));
		const id = sent.destinations[0].id;
		const all = (await ask(REPORT(sent.batch))).data;
		expect(Object.keys(all)).toEqual(['batch', 'category', 'delivery', 'destinations']);
		expect(Object.keys(listOf(all.destinations, 'item')[0])).toEqual(['id', 'to', 'status']);
		const byId = (await ask(REPORT_IDS(sent.batch), idsBody([id, 'x']))).data;
		expect(listOf(byId.destinations, 'item').map((d) => Object.keys(d))).toEqual([
			['id', 'to', 'status', 'validation'],
			['id', 'status', 'validation'],
		]);
	});

	it('the scheduled list and one message: category 1, personalise, the schedule with seconds', async () => {
		const sent = await sendOk(sim().baseUrl, plainUnit(['0241234567'], { schedule: LATER }));
		for (const path of [LIST, LOAD(sent.batch)]) {
			const [message] = listOf((await ask(path)).data.messages, 'message');
			expect(String(message.category)).toBe('1');
			expect(String(message.personalise)).toBe('false');
			expect(message.schedule).toEqual({ dateTime: '2030-01-31 08:30:00', offset: '+00:00' });
		}
	});

	it('destinations, update, cancel and dispatch', async () => {
		const one = await sendOk(
			sim().baseUrl,
			plainUnit(['0241234567', '0201234567'], { schedule: LATER }),
		);
		const two = await sendOk(sim().baseUrl, plainUnit(['0241234567'], { schedule: LATER }));
		const [item] = listOf((await ask(DESTINATIONS(one.batch))).data.destinations, 'item');
		expect(Object.keys(item)).toEqual(['id', 'to', 'status']);
		expect(item.status.label).toBe('DS_SCHEDULED');
		const update =
			format === 'json'
				? JSON.stringify({ ...plainUnit([]), destinations: { delete: [one.destinations[1].id] } })
				: '<request><text>Hello from the simulator</text><type>0</type><sender>SMSDemo</sender>' +
					`<destinations><delete><to><id>${one.destinations[1].id}</id></to></delete></destinations></request>`;
		const updated = (await ask(UPDATE(one.batch), update)).data;
		expect(listOf(updated.destinations, 'item').map((d) => Number(d.status.id))).toEqual([
			2104, 2103,
		]);
		expect(String(updated.delivery)).toBe('false');
		expect((await ask(CANCEL(one.batch))).data).toEqual({
			batch: one.batch,
			destinationsCount: format === 'json' ? 1 : '1',
		});
		expect(Number((await ask(DISPATCH(two.batch))).data.destinationsCount)).toBe(1);
	});

	it('an error: no result (<data/> in XML)', async () => {
		const res = await call(sim().baseUrl, LOAD('nope'), '', headers);
		if (format === 'xml')
			expect(res.body).toMatch(
				/<label>HSHK_ERR_SIM_1804<\/label><\/handshake><data\/><\/response>$/,
			);
		else
			expect(JSON.parse(res.body)).toEqual({
				handshake: { id: 1804, label: 'HSHK_ERR_SIM_1804' },
				data: null,
			});
	});
});
