/**
 * callService reading the forms an answer may take on the wire: its Content-Type with or without a
 * charset (or none at all), errors with `data: null`, `<data/>` or no data element, and a send
 * answer in the vendor's SDK dialect (Zenoph.Notify) or naming another category than SMS.
 */
import { BALANCE_PATH, balanceReader } from '../../../../nodes/shared/transport/endpoints/balance';
import { SEND_PATH, sendResultReader } from '../../../../nodes/shared/transport/endpoints/send';
import type { TransportOptions } from '../../../../nodes/shared/transport/service';
import { callService } from '../../../../nodes/shared/transport/service';
import type { Answer } from '../../../harness/fakeContext';
import { fakeContext } from '../../../harness/fakeContext';

const JSON_OPTIONS: TransportOptions = {
	format: 'json',
	timeoutMs: 5000,
	retry: { maxAttempts: 3, maxWaitMs: 60_000 },
};
const XML_OPTIONS: TransportOptions = { ...JSON_OPTIONS, format: 'xml' };

const OK = { id: 0, label: 'HSHK_OK' };
const PENDING = { id: 2105, label: 'DS_PENDING_ENROUTE' };

const JSON_SEND = JSON.stringify({
	handshake: OK,
	data: {
		batch: 'b1',
		category: 1,
		delivery: false,
		destinations: [{ id: 'm1', to: '233241234567', status: PENDING }],
	},
});
const XML_SEND =
	'<?xml version="1.0" encoding="UTF-8"?><response><handshake><id>0</id><label>HSHK_OK</label></handshake><data><batch>b1</batch>' +
	'<category>sms</category><delivery>false</delivery><destinations><item><id>m1</id><to>233241234567</to>' +
	'<status><id>2105</id><label>DS_PENDING_ENROUTE</label></status></item></destinations></data></response>';
const SENT = {
	batch: 'b1',
	category: 'sms',
	delivery: false,
	destinations: [{ id: 'm1', to: '233241234567', status: PENDING }],
};

async function send(answer: Answer, options = JSON_OPTIONS) {
	const fake = fakeContext({ answers: [answer] });
	const result = await callService(
		fake.ctx,
		{ path: SEND_PATH, body: '{}', reader: sendResultReader },
		options,
	);
	return { result, calls: fake.calls };
}

describe('callService: the answer’s Content-Type does not decide how it is read', () => {
	it.each([
		['application/json', JSON_SEND, JSON_OPTIONS],
		['application/json; charset=utf-8', JSON_SEND, JSON_OPTIONS],
		['application/json;charset=UTF-8', JSON_SEND, JSON_OPTIONS],
		['application/xml', XML_SEND, XML_OPTIONS],
		['application/xml; charset=utf-8', XML_SEND, XML_OPTIONS],
		['Application/XML; Charset="utf-8"', XML_SEND, XML_OPTIONS],
		['text/html; charset=iso-8859-1', JSON_SEND, JSON_OPTIONS],
		[undefined, XML_SEND, XML_OPTIONS],
	])('Content-Type %j', async (contentType, body, options) => {
		const headers = contentType === undefined ? {} : { 'content-type': contentType };
		const { result } = await send({ body, headers }, options);
		expect(result).toEqual({ ok: true, value: SENT, handshake: OK });
	});

	it('the header as a list, as some HTTP clients give it', async () => {
		const { result } = await send(
			{ body: XML_SEND, headers: { 'content-type': ['application/xml; charset=utf-8'] } },
			XML_OPTIONS,
		);
		expect(result).toEqual({ ok: true, value: SENT, handshake: OK });
	});
});

describe('callService: an error’s data in every form', () => {
	const refusal = {
		certainty: 'refused',
		message: 'The service refused the API key or login: check them in the SMSOnlineGH credential',
		description:
			'Check the API key (or login and password) in the SMSOnlineGH credential. (handshake 1203 HSHK_ERR_UA_AUTH)',
		httpCode: 200,
		handshake: { id: 1203, label: 'HSHK_ERR_UA_AUTH' },
		attempts: 1,
	};
	const XML_HANDSHAKE = '<handshake><id>1203</id><label>HSHK_ERR_UA_AUTH</label></handshake>';

	it.each([
		['JSON data: null', '{"handshake":{"id":1203,"label":"HSHK_ERR_UA_AUTH"},"data":null}'],
		['JSON without data', '{"handshake":{"id":1203,"label":"HSHK_ERR_UA_AUTH"}}'],
		['JSON with data: {}', '{"handshake":{"id":1203,"label":"HSHK_ERR_UA_AUTH"},"data":{}}'],
		['XML <data/>', `<response>${XML_HANDSHAKE}<data/></response>`],
		['XML <data></data>', `<response>${XML_HANDSHAKE}<data></data></response>`],
		['XML without data', `<?xml version="1.0"?><response>${XML_HANDSHAKE}</response>`],
		[
			'XML pretty-printed',
			`<response>\n  ${XML_HANDSHAKE.replace('<id>', '\n    <id>')}\n</response>\n`,
		],
	])('%s: refused, with the handshake’s meaning, not retried', async (_case, body) => {
		const fake = fakeContext({
			answers: [{ body, headers: { 'content-type': 'application/json; charset=utf-8' } }],
		});
		const result = await callService(
			fake.ctx,
			{ path: BALANCE_PATH, reader: balanceReader },
			JSON_OPTIONS,
		);
		expect(fake.calls).toHaveLength(1);
		expect(!result.ok && { ...result.failure }).toEqual(refusal);
	});
});

describe('callService: a send answer in the SDK’s dialect', () => {
	it('JSON with every member the SDK reads, and one it does not', async () => {
		const data = {
			batch: 'b1',
			text: 'Hi',
			type: 0,
			sender: 'SMSDemo',
			personalised: false,
			category: 'sms',
			delivery: false,
			destinationsCount: 1,
			destinations: [
				{
					to: '233241234567',
					id: 'm1',
					country: 'Ghana',
					messageCount: '2',
					status: PENDING,
					submitDateTime: '2025-03-01 09:30:00',
				},
			],
			surprise: true,
		};
		const { result } = await send({
			body: JSON.stringify({ handshake: OK, data }),
			headers: { 'content-type': 'application/json; charset=utf-8' },
		});
		expect(result).toMatchObject({
			ok: true,
			value: {
				category: 'sms',
				destinations: [
					{ id: 'm1', country: 'Ghana', messageCount: 2, submitDateTime: '2025-03-01 09:30:00' },
				],
			},
		});
	});

	it.each([
		['JSON', JSON_SEND.replace('"category":1', '"category":2'), JSON_OPTIONS, 'voice'],
		[
			'XML',
			XML_SEND.replace('<category>sms</category>', '<category>USSD</category>'),
			XML_OPTIONS,
			'ussd',
		],
	])(
		'%s naming another category than SMS: the service took the request, its answer is unreadable',
		async (_format, body, options, name) => {
			const { result, calls } = await send({ body }, options);
			expect(calls).toHaveLength(1);
			expect(!result.ok && { ...result.failure }).toEqual({
				certainty: 'maybeProcessed',
				message:
					'The SMS service accepted the request but its answer could not be read: check the sent messages in your SMSOnlineGH account before sending again',
				description: `The handshake was 0 (accepted), but the answer names the message category ${name}, not SMS. The messages were probably sent: check the sent messages in your SMSOnlineGH account before sending again.`,
				httpCode: 200,
				handshake: undefined,
				attempts: 1,
			});
		},
	);
});
