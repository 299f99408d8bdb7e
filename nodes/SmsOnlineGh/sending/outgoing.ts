// What the kind of a message (SMS or voice) decides: the request's path, body and answer reader, a refusal in
// the message's words, the content on each item. The rest of the send pipeline is the same for both.
import type { IDataObject } from 'n8n-workflow';

import type { WireSendResult } from '../../shared/transport/endpoints/send';
import {
	encodeMessageUnit,
	SEND_PATH,
	sendResultReader,
} from '../../shared/transport/endpoints/send';
import type { WireVoiceUnit } from '../../shared/transport/endpoints/voice';
import {
	encodeVoiceUnit,
	VOICE_SEND_PATH,
	voiceSendResultReader,
} from '../../shared/transport/endpoints/voice';
import { TransportFailure } from '../../shared/transport/failure';
import type { DataReader } from '../../shared/transport/service';
import type { WireDataFormat } from '../../shared/transport/wire';
import type { Recipient, SendableMessage, VoiceMessage } from './message';
import { toWireMessageUnit } from './message';

export function toWireVoiceUnit(
	message: VoiceMessage,
	recipients = message.recipients,
): WireVoiceUnit {
	const unit: WireVoiceUnit = { template: message.template, destinations: [] };
	if (message.sender !== '') unit.sender = message.sender;
	if (message.schedule) unit.schedule = { ...message.schedule };
	if (message.callback) unit.callback = { ...message.callback };
	unit.destinations = recipients.map((r) =>
		r.messageId === undefined ? r.number : { number: r.number, id: r.messageId },
	);
	return unit;
}

export interface WireRequest {
	path: string;
	body: string;
	reader: DataReader<WireSendResult>;
}

export function wireRequest(
	message: SendableMessage,
	recipients: Recipient[],
	format: WireDataFormat,
): WireRequest {
	if (message.kind === 'voice') {
		return {
			path: VOICE_SEND_PATH,
			body: encodeVoiceUnit(toWireVoiceUnit(message, recipients), format),
			reader: voiceSendResultReader,
		};
	}
	return {
		path: SEND_PATH,
		body: encodeMessageUnit(toWireMessageUnit(message, recipients), format),
		reader: sendResultReader,
	};
}

export function pathOf(message: SendableMessage): string {
	return message.kind === 'voice' ? VOICE_SEND_PATH : SEND_PATH;
}

/** Handshake 1505 (HSHK_ERR_MR_VOICE_FILE) and 1506 (HSHK_ERR_MR_VOICE_SIZE), vendor SDKs' RequestHandshake. */
const VOICE_FILE = 1505;
const VOICE_SIZE = 1506;

const NOTHING_SENT = 'The service refused the request, so nothing of it was sent.';

// A voice send refused with 1505 or 1506 names its template; the handshake alone could only say no voice file was expected.
export function inWordsOf(message: SendableMessage, failure: TransportFailure): TransportFailure {
	const id = failure.handshake?.id;
	if (message.kind !== 'voice' || (id !== VOICE_FILE && id !== VOICE_SIZE)) return failure;
	const { template } = message;
	const [text, description] =
		id === VOICE_FILE
			? [
					`Template '${template}' is not a voice template of this account: create it in the account's portal (SMSOnlineGH, voice messaging) or correct the name in the Template field, which must match the stored name exactly`,
					`${NOTHING_SENT} Handshake 1505 (HSHK_ERR_MR_VOICE_FILE: missing or invalid voice message file): the account has no voice template named '${template}'. The node cannot list or upload templates (no source documents how), so the name is sent as typed.`,
				]
			: [
					`Template '${template}' was refused for the size of its voice file: record a shorter one in the account's portal (SMSOnlineGH, voice messaging) and send again`,
					`${NOTHING_SENT} Handshake 1506 (HSHK_ERR_MR_VOICE_SIZE: voice message file size limit exceeded); the limit itself is not documented.`,
				];
	return new TransportFailure(
		failure.certainty,
		text,
		description,
		failure.httpCode,
		failure.handshake,
		failure.attempts,
	);
}

export function addContentFields(
	json: IDataObject,
	message: SendableMessage,
	recipient: Recipient,
): void {
	if (message.kind === 'voice') {
		json.template = message.template;
		return;
	}
	json.messageType = message.type;
	json.characters = recipient.characters;
	json.parts = recipient.parts;
	if (recipient.replaced !== undefined) json.replaced = recipient.replaced;
	if (recipient.partsSaved !== undefined) json.partsSaved = recipient.partsSaved;
	if (recipient.notReplaced !== undefined) json.notReplaced = recipient.notReplaced;
	if (recipient.sentAsGiven !== undefined) json.sentAsGiven = recipient.sentAsGiven;
}

export function personalised(message: SendableMessage): boolean {
	return message.kind !== 'voice' && message.personalised;
}
