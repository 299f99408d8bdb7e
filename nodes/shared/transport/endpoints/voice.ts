// The body the vendor's PHP SDK (Zenoph.Notify 2.25.08) writes, in its order; neither SDK sends it or writes JSON, so the JSON
// body is an inference. The answer is a send answer of category `voice` (the label in any case, or id 2), with no text.
import { xmlElement, xmlFlatElement } from '../codec';
import { SEND_FIX } from '../failure';
import type { DataReader } from '../service';
import type { WireDataFormat } from '../wire';
import {
	readSendAnswer,
	sendResultReader,
	type WireDestinationRequest,
	type WireSendResult,
} from './send';

export const VOICE_SEND_PATH = '/v5/message/voice/send';

/** Request body of the voice send: no text, type, personalisation or values (the SDK writes none). */
export interface WireVoiceUnit {
	template: string;
	/** Left out when empty: the SDK writes it only when set. */
	sender?: string;
	schedule?: { dateTime: string; offset?: string };
	callback?: { url: string; accept: string };
	/** A number, or `{number, id}` with a custom message id (the SDK's `<to><number/><id/></to>`). */
	destinations: Array<string | Pick<WireDestinationRequest, 'number' | 'id'>>;
}

// Members in the SDK's XML order whatever the object's order; the JSON object is built in that order too.
export function encodeVoiceUnit(unit: WireVoiceUnit, format: WireDataFormat): string {
	const ordered: WireVoiceUnit = { template: unit.template } as WireVoiceUnit;
	if (unit.sender) ordered.sender = unit.sender;
	if (unit.schedule) ordered.schedule = unit.schedule;
	if (unit.callback) ordered.callback = unit.callback;
	ordered.destinations = unit.destinations;
	if (format === 'json') return JSON.stringify(ordered);
	// The SDK's sample body starts with `<request>` (vendor-voice-facts.md ¶2), as every body here.
	const parts: string[] = ['<request>', xmlElement('template', ordered.template)];
	if (ordered.sender) parts.push(xmlElement('sender', ordered.sender));
	if (ordered.schedule) parts.push(xmlFlatElement('schedule', ordered.schedule));
	if (ordered.callback) parts.push(xmlFlatElement('callback', ordered.callback));
	parts.push('<destinations>');
	for (const d of ordered.destinations) {
		parts.push(
			typeof d === 'string'
				? xmlElement('to', d)
				: `<to>${xmlElement('number', d.number)}${d.id === undefined ? '' : xmlElement('id', d.id)}</to>`,
		);
	}
	parts.push('</destinations></request>');
	return parts.join('');
}

export function readVoiceSendResult(data: unknown): WireSendResult {
	return readSendAnswer(data, (destination) => destination, { categories: ['voice'] });
}

export const voiceSendResultReader: DataReader<WireSendResult> = {
	xmlLists: sendResultReader.xmlLists,
	read: readVoiceSendResult,
	// Handshake 0: the service took the request, but its per-number answer is unreadable.
	unreadable: (reason) => ({
		message: `The SMS service accepted the voice request but its answer could not be read: ${SEND_FIX}`,
		description: `The handshake was 0 (accepted), but ${reason}. The voice messages were probably sent: check the sent messages in your SMSOnlineGH account before sending again.`,
	}),
};
