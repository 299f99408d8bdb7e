/**
 * The long list of a JSON answer, cut out and parsed element by element (json-content.ts): every
 * body reads as `JSON.parse` reads it, or is left to `JSON.parse` whole; an element that is not
 * JSON is a malformed body, told as one.
 */
import fc from 'fast-check';

import { decodeEnvelope } from '../../../../nodes/shared/transport/codec';
import { JsonList, readJsonCut } from '../../../../nodes/shared/transport/json-content';
import { MalformedBodyError, toList } from '../../../../nodes/shared/transport/read';
import type { DataReader, TransportOptions } from '../../../../nodes/shared/transport/service';
import { callService } from '../../../../nodes/shared/transport/service';
import { fakeContext } from '../../../harness/fakeContext';

/** The parsed body with the cut list read whole: what it must equal. */
function materialised(root: Record<string, unknown>): unknown {
	const data = root.data as Record<string, unknown>;
	const list = data.destinations as JsonList;
	const elements = Array.from({ length: list.length }, (_, i) => list.at(i));
	return { ...root, data: { ...data, destinations: elements } };
}

function body(destinations: unknown[], space?: number): string {
	return JSON.stringify(
		{
			handshake: { id: 0, label: 'HSHK_OK' },
			data: { batch: 'b', delivery: true, destinations, text: 'x' },
		},
		null,
		space,
	);
}

const DESTINATION = {
	id: 'a1',
	to: '233241234567',
	status: { id: 2110, label: 'DELIVERED [x] {y} "z"' },
};

describe('a JSON list read element by element', () => {
	it('reads every element as JSON.parse does, whatever the values and spacing', () => {
		fc.assert(
			fc.property(
				fc.array(fc.jsonValue(), { maxLength: 8 }),
				fc.constantFrom(undefined, 1, 2, '\t'),
				(elements, space) => {
					const text = JSON.stringify(
						{ data: { destinations: elements, n: 1 } },
						null,
						space as number | undefined,
					);
					const cut = readJsonCut(text, 'destinations');
					// A value holding the key again is left to JSON.parse; every other body is cut.
					if (JSON.stringify(elements).includes('"destinations"')) return;
					expect(cut).toBeDefined();
					expect(materialised(cut!)).toEqual(JSON.parse(text));
				},
			),
		);
	});

	it('cuts the report shape, strings holding brackets, braces and escaped quotes included', () => {
		const text = body([DESTINATION, { ...DESTINATION, id: 'a2', to: 'x\\"]}' }], 2);
		const cut = readJsonCut(text, 'destinations');
		expect((cut?.data as Record<string, unknown>).destinations).toBeInstanceOf(JsonList);
		expect(materialised(cut!)).toEqual(JSON.parse(text));
		expect(materialised(readJsonCut(body([]), 'destinations')!)).toEqual(JSON.parse(body([])));
	});

	it('leaves to JSON.parse what it cannot cut for certain', () => {
		const twice = '{"data":{"destinations":[1],"more":{"destinations":[2]}}}';
		const escaped = '{"data":{"destin\\u0061tions":[],"destinations":[1]}}';
		const notAList = '{"data":{"destinations":{"item":[1]}}}';
		const notData = '{"data":{"x":1},"destinations":[1]}';
		const unbalanced = '{"data":{"destinations":[{"a":1}';
		const sideBySide = '{"data":{"destinations":[{"a":1} {"a":2}]}}';
		const emptyElement = '{"data":{"destinations":[1,,2]}}';
		const trailingComma = '{"data":{"destinations":[1,]}}';
		const restMalformed = '{"data":{"destinations":[1]},}';
		for (const text of [
			twice,
			escaped,
			notAList,
			notData,
			unbalanced,
			sideBySide,
			emptyElement,
			trailingComma,
			restMalformed,
		]) {
			expect(readJsonCut(text, 'destinations')).toBeUndefined();
		}
	});

	it('an element that is not JSON is found when reached, as a malformed body', () => {
		const cut = readJsonCut('{"data":{"destinations":[{"id":"a"}, {"id":tru}]}}', 'destinations');
		const list = (cut?.data as Record<string, unknown>).destinations as JsonList;
		expect(list.at(0)).toEqual({ id: 'a' });
		expect(() => list.at(1)).toThrow(MalformedBodyError);
		expect(() => list.at(1)).toThrow('the JSON body is malformed or cut short');
	});

	it('decodeEnvelope cuts only the list a reader names, and only in JSON', () => {
		const text = body([DESTINATION]);
		const named = decodeEnvelope(text, [], 'destinations');
		const whole = decodeEnvelope(text, []);
		expect(named.ok && (named.value.data as Record<string, unknown>).destinations).toBeInstanceOf(
			JsonList,
		);
		expect(whole).toEqual({
			ok: true,
			value: { handshake: { id: 0, label: 'HSHK_OK' }, data: JSON.parse(text).data },
		});
	});
});

describe('a reader reaching a malformed element', () => {
	const OPTIONS: TransportOptions = {
		format: 'json',
		timeoutMs: 5000,
		retry: { maxAttempts: 1, maxWaitMs: 0 },
	};
	const listReader = (jsonList?: string): DataReader<number> => ({
		xmlLists: [],
		jsonList,
		read(data) {
			const list = (data as Record<string, unknown>).destinations;
			if (list instanceof JsonList) for (let i = 0; i < list.length; i++) list.at(i);
			else toList(list, 'no list');
			return 1;
		},
		unreadable: (reason) => ({ message: 'The list could not be read', description: reason }),
	});

	it('fails as the whole body failing to parse does', async () => {
		const text =
			'{"handshake":{"id":0,"label":"HSHK_OK"},"data":{"destinations":[{"id":"a"},{"id":tru}]}}';
		const fake = fakeContext({ answers: [{ body: text }, { body: text }] });
		const cut = await callService(
			fake.ctx,
			{ path: '/v5/x', reader: listReader('destinations') },
			OPTIONS,
		);
		const whole = await callService(fake.ctx, { path: '/v5/x', reader: listReader() }, OPTIONS);
		expect(cut.ok).toBe(false);
		expect(cut).toEqual(whole);
		if (cut.ok) return;
		expect(cut.failure.description).toMatch(
			/^HTTP 200, but the JSON body is malformed or cut short\./,
		);
	});
});
