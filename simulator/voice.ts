/**
 * The voice send (`POST /v5/message/voice/send`): a stored voice template played to each
 * destination. The body (XML, JSON or the key-value form) is read by voice-codec.ts; the rest is
 * the SMS send's, destination by destination (send.ts), with these differences, all of them the
 * simulator's choices where no source shows the service:
 *
 * - the template must name one of the account's stored voice templates (SimAccount.voiceTemplates,
 *   the demo account's `appointment_reminder` and `payment_due`), else handshake 1505
 *   (HSHK_ERR_MR_VOICE_FILE, "missing or invalid voice message file"), nothing submitted;
 * - one credit per accepted destination (VOICE_CREDITS), `messageCount` 1;
 * - the sender is optional; given, it must be one of the account's voice senders (else 2128 on
 *   every destination, as for SMS), with no length or character rule;
 * - the answer and every later report say `category` voice and carry no `text` or `type`.
 *
 * The batch is kept like an SMS batch, so the delivery reports, the callback push and the
 * scheduled-message endpoints work on it alike.
 */
import type { AccountState } from './accounts';
import { sendData } from './answers';
import { refused, type Answer, type Call } from './calls';
import { batchId } from './ids';
import { HSHK } from './labels';
import { SendRun, timeAndCallback } from './send';
import type { StoredBatch } from './store';
import { decodeVoice } from './voice-codec';

export function voiceSend(call: Call): Answer {
	const decoded = decodeVoice(call.contentType, call.body);
	if ('handshake' in decoded) return refused(decoded.handshake);
	const voice = decoded.ok;
	const { now, account } = call;
	if (!hasTemplate(account, voice.template)) return { handshake: HSHK.MR_VOICE_FILE, voice };
	const batch: StoredBatch = {
		batch: batchId(),
		accountId: account.config.id,
		category: 'voice',
		template: voice.template,
		text: '',
		type: 0,
		sender: voice.sender ?? '',
		personalised: false,
		acceptedAt: now,
		state: 'sent',
		destinations: [],
	};
	const unusable = timeAndCallback(batch, voice, call);
	if (unusable !== undefined) return { handshake: unusable, voice };
	const run = new SendRun({
		account,
		unit: { text: '', type: 0, sender: batch.sender, destinations: voice.destinations },
		acceptedStatus: voice.schedule ? 'SCHEDULED' : 'PENDING_ENROUTE',
		usedIds: call.usedIds,
		recordSubmission: call.recordSubmission,
		voice: true,
	});
	batch.destinations = run.process();
	call.store.addSent(batch, call.settings.refusedBatches);
	return {
		handshake: HSHK.OK,
		data: sendData(batch, batch.destinations, call.shape),
		voice,
		submitted: run.accepted > 0,
	};
}

/** Whether the name is one of the account's stored voice templates (an exact match). */
export function hasTemplate(account: AccountState, name: string | undefined): name is string {
	return name !== undefined && account.voiceTemplates.includes(name);
}
