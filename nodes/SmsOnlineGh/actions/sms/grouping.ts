import type { MessageTypeName, OutgoingMessage, Recipient } from '../../model';
import type { Scheduling } from '../scheduling';
import type { Outcome } from '../types';

/** What one item asks to send: a text (or template) from a sender to its recipients. */
export interface MessageRequest {
	sender: string;
	/** The text, or the template of a personalised message. */
	text: string;
	type: MessageTypeName;
	personalised: boolean;
	scheduling: Scheduling;
	recipients: Recipient[];
}

/**
 * Items whose sender, text, type and schedule are the same become one message unit carrying all
 * their numbers in item order: one request where one will do, not one per item. With
 * `removeDuplicates`, a number that is already in the unit (the same once in international form)
 * is sent once; its repeats are reported as skipped, each paired with its own item. A recipient
 * with a Client Reference is a repeat only of one with the same message id (the same reference,
 * number and text), anywhere in the run and whatever `removeDuplicates` says: the service would
 * refuse the second as already sent.
 */
export function groupRequests(
	requests: MessageRequest[],
	removeDuplicates: boolean,
): { messages: OutgoingMessage[]; skipped: Outcome[] } {
	const groups = new Map<string, Group>();
	const skipped: Outcome[] = [];
	const byMessageId = new Map<string, Recipient>();
	for (const request of requests) {
		const key = JSON.stringify([request.sender, request.type, request.text, request.scheduling]);
		let group = groups.get(key);
		if (!group) {
			group = { request, units: [], seen: new Map() };
			groups.set(key, group);
		}
		for (const recipient of request.recipients) {
			if (recipient.messageId !== undefined) {
				const first = byMessageId.get(recipient.messageId);
				if (first) {
					skipped.push(skippedOutcome(recipient, first, 'the same client reference, number and text as'));
					continue;
				}
				byMessageId.set(recipient.messageId, recipient);
				unitFor(group, recipient).message.recipients.push(recipient);
				continue;
			}
			const first = removeDuplicates ? group.seen.get(recipient.key) : undefined;
			if (first) {
				skipped.push(skippedOutcome(recipient, first));
				continue;
			}
			if (removeDuplicates) group.seen.set(recipient.key, recipient);
			const unit = group.units[0] ?? newUnit(group);
			unit.numbers.add(recipient.key);
			unit.message.recipients.push(recipient);
		}
	}
	return { messages: [...groups.values()].flatMap((g) => g.units.map((u) => u.message)), skipped };
}

interface Unit {
	message: OutgoingMessage;
	/** International forms of the numbers in it. */
	numbers: Set<string>;
}

interface Group {
	request: MessageRequest;
	units: Unit[];
	seen: Map<string, Recipient>;
}

function newUnit(group: Group): Unit {
	const { sender, text, type, personalised, scheduling } = group.request;
	const unit: Unit = { message: { sender, text, type, personalised, recipients: [], ...scheduling }, numbers: new Set() };
	group.units.push(unit);
	return unit;
}

/**
 * The unit a recipient with its own message id joins. The service refuses a number given twice in
 * one plain request (2120), so two references to one number with the same text are two messages:
 * the second goes into a unit of its own (a second request). A personalised request may repeat a
 * number (each with its own values).
 */
function unitFor(group: Group, recipient: Recipient): Unit {
	const unit = group.request.personalised
		? group.units[0]
		: group.units.find((candidate) => !candidate.numbers.has(recipient.key));
	const chosen = unit ?? newUnit(group);
	chosen.numbers.add(recipient.key);
	return chosen;
}

function skippedOutcome(recipient: Recipient, first: Recipient, sameAs = 'duplicate of'): Outcome {
	const json: Outcome['json'] = {
		input: recipient.input,
		to: recipient.number,
		verdict: 'skipped',
		reason: `skipped: ${sameAs} ${first.input} (item ${first.itemIndex})`,
	};
	if (recipient.reference !== undefined) json.clientReference = recipient.reference;
	return { items: recipient.itemIndex, json };
}
