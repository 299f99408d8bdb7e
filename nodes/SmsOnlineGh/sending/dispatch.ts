import type { IDataObject, IExecuteFunctions, NodeApiError } from 'n8n-workflow';

import { describeStatus } from '../../shared/meanings/statuses';
import { MEDIA_TYPES } from '../../shared/transport/codec';
import type { DestinationReceipt, SendReceipt } from '../../shared/transport/endpoints/send';
import { fromWireSendResult } from '../../shared/transport/endpoints/send';
import type { TransportFailure } from '../../shared/transport/failure';
import { callService } from '../../shared/transport/service';
import type { Outcome } from '../items/operation';
import type { DispatchSettings } from '../items/settings';
import type { SentRequest } from './failureSummary';
import { failureSummary, retrySummary } from './failureSummary';
import { SendLedger } from './ledger';
import type { Recipient, SendableMessage } from './message';
import type { WireRequest } from './outgoing';
import { addContentFields, inWordsOf, pathOf, personalised, wireRequest } from './outgoing';
import { pairDestinations } from './pairing';

/** What every output item says about its number; `partsBilled` is the service's count, when it gave one. */
function addRecipientFields(
	json: IDataObject,
	message: SendableMessage,
	recipient: Recipient,
	settings: DispatchSettings,
	partsBilled?: number,
): IDataObject {
	addContentFields(json, message, recipient);
	// A voice message has no parts: the service's count is not said of it.
	if (partsBilled !== undefined && message.kind !== 'voice') json.partsBilled = partsBilled;
	if (recipient.reference !== undefined) json.clientReference = recipient.reference;
	if (recipient.warning !== undefined) json.warning = recipient.warning;
	if (recipient.senderUnchecked !== undefined) json.senderUnchecked = recipient.senderUnchecked;
	// The service's own `country`, when its answer gives one, stands.
	if (recipient.country !== undefined && json.country === undefined)
		json.country = recipient.country;
	if (settings.includeText) json.text = recipient.text;
	if (personalised(message)) json.values = recipient.values ?? null;
	return json;
}

/** The output of a number with no status from the service (failed, unanswered, dry run). */
function withoutStatus(
	message: SendableMessage,
	recipient: Recipient,
	verdict: string,
	reason: string,
	settings: DispatchSettings,
	extra: IDataObject = {},
): IDataObject {
	const json: IDataObject = { input: recipient.input, to: recipient.number, verdict, reason };
	// With a Client Reference the message id is known before sending: a report can be asked for it.
	if (recipient.messageId !== undefined) json.messageId = recipient.messageId;
	return addRecipientFields({ ...json, ...extra }, message, recipient, settings);
}

/** Status 2131: the service already has a message with this custom id. */
const DUPLICATE_MESSAGE_ID = 2131;

export type FailureVerdict = 'notSent' | 'maybeSent';

interface PlannedRequest {
	message: SendableMessage;
	recipients: Recipient[];
}

export function planRequests(messages: SendableMessage[], batchSize: number): PlannedRequest[] {
	const size = Math.max(1, Math.floor(batchSize));
	const requests: PlannedRequest[] = [];
	for (const message of messages) {
		for (let start = 0; start < message.recipients.length; start += size) {
			requests.push({ message, recipients: message.recipients.slice(start, start + size) });
		}
	}
	return requests;
}

function deliveredOutcome(
	message: SendableMessage,
	receipt: SendReceipt,
	recipient: Recipient | undefined,
	destination: DestinationReceipt,
	requestItems: number[],
	settings: DispatchSettings,
): Outcome {
	const meaning = describeStatus(destination.status.id);
	// 2131 for a message id derived from a Client Reference: the service has this very message.
	const alreadySent =
		destination.status.id === DUPLICATE_MESSAGE_ID && recipient?.reference !== undefined;
	const json: IDataObject = {
		input: recipient?.input ?? null,
		to: destination.to,
		verdict: alreadySent ? 'alreadySent' : meaning.verdict,
		reason: alreadySent
			? `already sent: the service already has this message for client reference ${recipient?.reference}`
			: meaning.reason,
		status: { id: destination.status.id, label: destination.status.label },
		messageId: destination.messageId,
		batch: receipt.batch,
	};
	// A voice request's answer names voice or nothing (its reader refuses the rest): voice either way.
	json.category = message.kind === 'voice' ? 'voice' : receipt.category;
	json.delivery = receipt.delivery;
	if (destination.country !== undefined) json.country = destination.country;
	if (destination.submittedAt !== undefined) json.submittedAt = destination.submittedAt;
	if (destination.reportedAt !== undefined) json.reportedAt = destination.reportedAt;
	if (recipient) addRecipientFields(json, message, recipient, settings, destination.partsBilled);
	else if (destination.partsBilled !== undefined && message.kind !== 'voice')
		json.partsBilled = destination.partsBilled;
	// An answer about a number we cannot tell apart belongs to every item of its request.
	return { items: recipient ? recipient.itemIndex : requestItems, json };
}

function failedOutcome(
	message: SendableMessage,
	recipient: Recipient,
	verdict: FailureVerdict,
	reason: string,
	error: NodeApiError,
	settings: DispatchSettings,
): Outcome {
	return {
		items: recipient.itemIndex,
		json: withoutStatus(message, recipient, verdict, reason, settings),
		error,
	};
}

/** A dry run: checked, rendered and counted, nothing sent; the first item of each request carries its body. */
function dryRun(requests: PlannedRequest[], settings: DispatchSettings): Outcome[] {
	const { format } = settings.transport;
	return requests.flatMap(({ message, recipients }, index) => {
		let estimatedParts = 0;
		for (const recipient of recipients) estimatedParts += recipient.parts;
		// A voice message has no parts: its request's cost is its number of destinations.
		const estimate =
			message.kind === 'voice' ? { estimatedDestinations: recipients.length } : { estimatedParts };
		return recipients.map((recipient, position) => {
			const request: IDataObject = {
				number: index + 1,
				method: 'POST',
				path: pathOf(message),
				contentType: MEDIA_TYPES[format],
				...estimate,
			};
			if (position === 0) request.body = wireRequest(message, recipients, format).body;
			return {
				items: recipient.itemIndex,
				json: {
					...withoutStatus(message, recipient, 'dryRun', 'not sent (dry run)', settings),
					request,
				},
			};
		});
	});
}

// n8n's Retry On Fail runs the node again with all its items: a body this execution already sent is not sent
// again; it gives back its receipt, or the same uncertainty when its fate is unknown.
async function sendOnce(
	ctx: IExecuteFunctions,
	ledger: SendLedger,
	request: WireRequest & { identified: boolean },
	settings: DispatchSettings,
): Promise<
	| { receipt: SendReceipt; failure?: undefined; replayed?: undefined }
	| { receipt?: undefined; failure: TransportFailure; replayed?: boolean }
> {
	const { path, body, reader, identified } = request;
	const fingerprint = SendLedger.fingerprint(body);
	const earlier = ledger.find(fingerprint);
	if (earlier && 'receipt' in earlier) return { receipt: earlier.receipt };
	// Without message ids of its own, a request whose fate is unknown is never sent again.
	if (earlier && !identified) return { failure: earlier.uncertain, replayed: true };

	// With them, the service refuses what it already has (2131), so sending again is safe.
	const call = await callService(
		ctx,
		{ path, body, reader, idempotent: identified },
		settings.transport,
	);
	if (!call.ok) {
		if (call.failure.certainty === 'maybeProcessed') ledger.uncertain(fingerprint, call.failure);
		// A resend that surely did not go through says nothing of the first attempt, which may have.
		else if (earlier) return { failure: earlier.uncertain, replayed: true };
		return { failure: call.failure };
	}
	const receipt = fromWireSendResult(call.value);
	ledger.accepted(fingerprint, receipt);
	return { receipt };
}

function stoppedAt(
	ctx: IExecuteFunctions,
	requests: PlannedRequest[],
	k: number,
	{ sent, failure }: { sent: SentRequest[]; failure: TransportFailure },
	settings: DispatchSettings,
): Outcome[] {
	const request = requests[k];
	const notAttempted = requests.slice(k + 1).flatMap((r) => r.recipients);
	const nodeError = failure.toNodeApiError(ctx.getNode(), {
		description: failureSummary(sent, request, failure, notAttempted),
	});
	const verdict: FailureVerdict = failure.certainty === 'maybeProcessed' ? 'maybeSent' : 'notSent';
	const reason =
		verdict === 'maybeSent'
			? `unknown: may have been sent (${failure.message})`
			: `not sent (${failure.message})`;
	const outcomes = request.recipients.map((recipient) =>
		failedOutcome(request.message, recipient, verdict, reason, nodeError, settings),
	);
	for (const later of requests.slice(k + 1)) {
		for (const recipient of later.recipients) {
			outcomes.push(
				failedOutcome(
					later.message,
					recipient,
					'notSent',
					'not sent: an earlier request failed',
					nodeError,
					settings,
				),
			);
		}
	}
	return outcomes;
}

/** A request a retry did not send again, its fate left unknown by an earlier try. */
interface Replay {
	failure: TransportFailure;
	error: NodeApiError;
	recipients: Recipient[];
}

/** Written once the try is over, so the replays' errors also say what the later requests came to. */
function describeReplays(
	replays: Replay[],
	sent: SentRequest[],
	stop?: { message: string; description?: string | null },
): void {
	const unknown = replays.flatMap((replay) => replay.recipients);
	const later = stop ? { summary: `${stop.message}\n${stop.description ?? ''}` } : undefined;
	for (const replay of replays)
		replay.error.description = retrySummary(replay.failure, unknown, sent, later);
}

// The first failed request stops the run (docs/delivery-guarantees.md). Nothing is sent twice from here: the
// transport retries only requests that surely did not reach the service.
/** An item per number of an answered request: its status, or `maybeSent` where the answer gave none. */
function addAnswered(
	outcomes: Outcome[],
	message: SendableMessage,
	receipt: SendReceipt,
	recipients: Recipient[],
	settings: DispatchSettings,
): void {
	const requestItems = [...new Set(recipients.map((r) => r.itemIndex))];
	const { pairs, unanswered } = pairDestinations(recipients, receipt.destinations);
	for (const [recipient, destination] of pairs) {
		outcomes.push(
			deliveredOutcome(message, receipt, recipient, destination, requestItems, settings),
		);
	}
	for (const recipient of unanswered) {
		const reason =
			'unknown: the service accepted the request but returned no status for this number';
		outcomes.push({
			items: recipient.itemIndex,
			json: withoutStatus(message, recipient, 'maybeSent', reason, settings, {
				batch: receipt.batch,
			}),
		});
	}
}

export async function dispatch(
	ctx: IExecuteFunctions,
	messages: SendableMessage[],
	settings: DispatchSettings,
): Promise<Outcome[]> {
	const outcomes: Outcome[] = [];
	const sent: SentRequest[] = [];
	const requests = planRequests(messages, settings.batchSize);
	if (settings.dryRun) return dryRun(requests, settings);
	const ledger = SendLedger.open(ctx);
	const replays: Replay[] = [];

	for (let k = 0; k < requests.length; k++) {
		const request = requests[k];
		const { message, recipients } = request;
		const wire = wireRequest(message, recipients, settings.transport.format);
		const identified = recipients.every((r) => r.messageId !== undefined);
		const { receipt, failure, replayed } = await sendOnce(
			ctx,
			ledger,
			{ ...wire, identified },
			settings,
		);

		if (!receipt && replayed) {
			// A request an earlier try left unknown is not sent again, but no longer holds back the ones after it.
			const nodeError = failure.toNodeApiError(ctx.getNode());
			replays.push({ failure, error: nodeError, recipients });
			const reason = `unknown: may have been sent by an earlier try (${failure.message})`;
			for (const recipient of recipients)
				outcomes.push(failedOutcome(message, recipient, 'maybeSent', reason, nodeError, settings));
			continue;
		}
		if (!receipt) {
			ledger.keep();
			// A refusal in the message's words (a voice template the account does not have).
			const stopped = stoppedAt(
				ctx,
				requests,
				k,
				{ sent, failure: inWordsOf(message, failure) },
				settings,
			);
			describeReplays(replays, sent, stopped[0]?.error);
			return [...outcomes, ...stopped];
		}

		sent.push({ batch: receipt.batch, count: recipients.length });
		addAnswered(outcomes, message, receipt, recipients, settings);
	}
	// A run that still holds an unknown fate fails, and may be retried: the ledger stays.
	describeReplays(replays, sent);
	if (replays.length > 0) ledger.keep();
	else ledger.close();
	return outcomes;
}
