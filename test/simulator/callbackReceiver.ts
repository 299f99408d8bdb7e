/** A report receiver started for each test, and sends that ask the simulator to push to it. */
import type { Simulator } from '../../simulator';
import { plainUnit, sendJson, type JsonAnswer } from './helpers';
import { Receiver } from './receiver';

export interface CallbackReceiver {
	receiver: () => Receiver;
	withCallback: (
		destinations: unknown[],
		url: string,
		accept?: string,
		extra?: object,
	) => Record<string, unknown>;
	sendWithCallback: (
		destinations: unknown[],
		url?: string,
		accept?: string,
		extra?: object,
	) => Promise<JsonAnswer>;
}

/** Call in a test file beside useSimulator(): a fresh receiver per test, stopped after it. */
export function useCallbackReceiver(sim: () => Simulator): CallbackReceiver {
	let receiver: Receiver;
	beforeEach(async () => {
		receiver = new Receiver();
		await receiver.start();
	});
	afterEach(async () => {
		await receiver.stop();
	});
	const withCallback = (
		destinations: unknown[],
		url: string,
		accept = 'application/json',
		extra = {},
	) => plainUnit(destinations, { callback: { url, accept }, ...extra });
	const sendWithCallback = async (
		destinations: unknown[],
		url = receiver.url(),
		accept = 'application/json',
		extra = {},
	) => {
		const res = await sendJson(sim().baseUrl, withCallback(destinations, url, accept, extra));
		expect(res.json.handshake.id).toBe(0);
		return res;
	};
	return { receiver: () => receiver, withCallback, sendWithCallback };
}
