/** npm start's simulator log: an SMS send and a voice send end alike, with their destinations and sender. */
import { journalLine } from '../../tools/n8n/sim-log';
import { JSON_HEADERS, useSimulator } from '../simulator/helpers';
import { call } from '../simulator/lifecycle-helpers';
import { VOICE, voiceUnit } from '../simulator/voice-helpers';

const sim = useSimulator();

describe('the simulator’s log line', () => {
	it('an SMS send: its destinations and sender', async () => {
		await call(
			sim().baseUrl,
			'/v5/message/sms/send',
			JSON.stringify({
				text: 'Hi',
				type: 0,
				sender: 'SMSDemo',
				destinations: ['0241234567', '0201234567'],
			}),
			JSON_HEADERS,
		);
		expect(sim().journal.map(journalLine)).toEqual([
			'[simulator] POST /v5/message/sms/send json account=demo http=200 handshake=0 → 2 destination(s) from SMSDemo',
		]);
	});

	it('a voice send: the same, its sender or none', async () => {
		await call(
			sim().baseUrl,
			VOICE,
			JSON.stringify(voiceUnit(['0241234567', '0201234567', '0551234567'])),
			JSON_HEADERS,
		);
		await call(
			sim().baseUrl,
			VOICE,
			JSON.stringify(voiceUnit(['0241234567'], { sender: undefined })),
			JSON_HEADERS,
		);
		expect(sim().journal.map(journalLine)).toEqual([
			'[simulator] POST /v5/message/voice/send json account=demo http=200 handshake=0 → 3 destination(s) from DemoVoice',
			'[simulator] POST /v5/message/voice/send json account=demo http=200 handshake=0 → 1 destination(s), no sender',
		]);
	});
});
