/** Shared helpers for the voice tests: the path, the three body forms, a send that must succeed. */
import type { Envelope, SendData } from './answers';
import { JSON_HEADERS } from './helpers';
import { call } from './lifecycle-helpers';

export const VOICE = '/v5/message/voice/send';
export const FORM = 'application/x-www-form-urlencoded';
export const ID_A = '7d3f0c1e-2b4a-4c5d-8e6f-9a0b1c2d3e4f';
export const ID_B = 'order-2030-0001-abcdefghijklmnopqrstu';

/** Headers whose Content-Type is `type`, Accept `accept`, the demo key. */
export function voiceHeaders(type: string, accept = 'application/json'): Record<string, string> {
	return { accept, 'content-type': type, authorization: JSON_HEADERS.authorization };
}

/** A JSON voice request: the demo account's first template, to the given destinations. */
export function voiceUnit(
	destinations: unknown[],
	overrides: Record<string, unknown> = {},
): Record<string, unknown> {
	return { template: 'appointment_reminder', sender: 'DemoVoice', destinations, ...overrides };
}

/** Sends a JSON voice request and returns the answer's data (throws unless handshake 0). */
export async function voiceOk(baseUrl: string, unit: Record<string, unknown>): Promise<SendData> {
	const res = await call(baseUrl, VOICE, JSON.stringify(unit), JSON_HEADERS);
	const envelope = JSON.parse(res.body) as Envelope;
	if (envelope.handshake.id !== 0) throw new Error(`voice send refused: ${res.body}`);
	return envelope.data;
}

/** The handshake id of a JSON voice send of this body and Content-Type. */
export async function voiceHandshake(
	baseUrl: string,
	body: string,
	type = 'application/json',
): Promise<number> {
	const res = await call(baseUrl, VOICE, body, voiceHeaders(type));
	return JSON.parse(res.body).handshake.id;
}
