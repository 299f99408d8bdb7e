import fc from 'fast-check';

import {
	decodeEnvelope,
	findXmlForbiddenCharacter,
} from '../../../../nodes/shared/transport/codec';
import type { WireMessageUnit } from '../../../../nodes/shared/transport/endpoints/send';
import {
	decodeSendResult,
	encodeMessageUnit,
	sendResultReader,
} from '../../../../nodes/shared/transport/endpoints/send';
import { decodeUnit } from '../../../../simulator/codec';

/** Text XML 1.0 can carry: any Unicode scalar but the C0 controls other than tab, LF and CR. */
const xmlText = fc
	.string({ unit: 'grapheme', minLength: 1, maxLength: 40 })
	.filter(
		(s) => findXmlForbiddenCharacter(s) === undefined && s.trim() !== '' && !s.includes('\r'),
	);
const number = fc.stringMatching(/^0?[0-9]{8,12}$/);
const value = fc.oneof(
	xmlText,
	fc.integer({ min: -1e9, max: 1e9 }),
	fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 }),
);

describe('codec: the node encodes, an independent decoder (the simulator’s) reads back the same unit', () => {
	it('plain messages, JSON and XML, arbitrary Unicode text', () => {
		fc.assert(
			fc.property(
				xmlText,
				fc.uniqueArray(number, { minLength: 1, maxLength: 5 }),
				fc.integer({ min: 0, max: 3 }),
				(text, numbers, type) => {
					const unit: WireMessageUnit = { text, type, sender: 'SMSDemo', destinations: numbers };
					expect(decodeUnit('json', encodeMessageUnit(unit, 'json'))).toEqual(unit);
					expect(decodeUnit('xml', encodeMessageUnit(unit, 'xml'))).toEqual(unit);
				},
			),
		);
	});

	it('personalised messages: values survive both ways (XML carries every value as text)', () => {
		fc.assert(
			fc.property(
				xmlText,
				fc.array(fc.record({ number, values: fc.array(value, { minLength: 1, maxLength: 4 }) }), {
					minLength: 1,
					maxLength: 4,
				}),
				(text, destinations) => {
					const unit: WireMessageUnit = {
						text: `${text} {$a}`,
						type: 1,
						sender: 'SMSDemo',
						destinations,
					};
					// A number travels as its JSON literal, and JSON has no negative zero: -0 arrives as 0.
					expect(decodeUnit('json', encodeMessageUnit(unit, 'json'))).toEqual({
						...unit,
						destinations: destinations.map((d) => ({
							number: d.number,
							values: d.values.map((v) => (Object.is(v, -0) ? 0 : v)),
						})),
					});
					expect(decodeUnit('xml', encodeMessageUnit(unit, 'xml'))).toEqual({
						...unit,
						destinations: destinations.map((d) => ({
							number: d.number,
							values: d.values.map(String),
						})),
					});
				},
			),
		);
	});

	it('writes negative zero as 0 in both formats, as the rendered text shows it', () => {
		const unit: WireMessageUnit = {
			text: 'Owed {$a}',
			type: 0,
			sender: 'SMSDemo',
			destinations: [{ number: '0241234567', values: [-0] }],
		};
		expect(encodeMessageUnit(unit, 'json')).toContain('"values":[0]');
		expect(encodeMessageUnit(unit, 'xml')).toContain(
			'<to><number>0241234567</number><values><value>0</value></values></to>',
		);
	});

	it('finds the characters XML 1.0 cannot carry', () => {
		expect(findXmlForbiddenCharacter('ok\ttab\nline\r')).toBeUndefined();
		expect(findXmlForbiddenCharacter('form\ffeed')).toBe('\f');
		expect(findXmlForbiddenCharacter('nul\u0000')).toBe('\u0000');
	});
});

describe('codec: reading answers', () => {
	const xmlAnswer = (destinations: string) =>
		`<?xml version="1.0" encoding="UTF-8"?><response><handshake><id>0</id><label>HSHK_OK</label></handshake><data><batch>00ab</batch><category>sms</category><delivery>false</delivery><destinations>${destinations}</destinations></data></response>`;

	it('keeps numbers and ids as strings, one XML item still a list, the category label read', () => {
		const envelope = decodeEnvelope(
			xmlAnswer(
				'<item><id>0012</id><to>0233241234567</to><status><id>2105</id><label>DS_PENDING_ENROUTE</label></status></item>',
			),
			sendResultReader.xmlLists,
		);
		expect(envelope).toEqual({
			ok: true,
			value: expect.objectContaining({ handshake: { id: 0, label: 'HSHK_OK' } }),
		});
		const result = decodeSendResult(envelope.ok ? envelope.value.data : null);
		expect(result).toEqual({
			ok: true,
			value: {
				batch: '00ab',
				category: 'sms',
				delivery: false,
				destinations: [
					{ id: '0012', to: '0233241234567', status: { id: 2105, label: 'DS_PENDING_ENROUTE' } },
				],
			},
		});
	});

	it('reads an answer in the other format than asked (it sniffs the body)', () => {
		const json = decodeEnvelope(
			'  {"handshake":{"id":1203,"label":"HSHK_ERR_UA_AUTH"},"data":null}',
		);
		expect(json).toEqual({
			ok: true,
			value: { handshake: { id: 1203, label: 'HSHK_ERR_UA_AUTH' }, data: null },
		});
		const xml = decodeEnvelope(
			'\ufeff<response><handshake><id>1203</id><label>X</label></handshake><data/></response>',
		);
		expect(xml).toEqual({ ok: true, value: { handshake: { id: 1203, label: 'X' }, data: null } });
	});

	it.each([
		['', 'the body is empty'],
		['<html>oops</html>', 'the XML body has no <response> root'],
		['{"handshake":{"id":0', 'the JSON body is malformed or cut short'],
		['{"data":{}}', 'the response has no handshake'],
		['{"handshake":{"id":"zero"}}', 'handshake.id is not an integer'],
		['Service Unavailable', 'the body is neither JSON nor XML'],
	])('says why %j cannot be read', (body, reason) => {
		expect(decodeEnvelope(body)).toEqual({ ok: false, reason });
	});
});
