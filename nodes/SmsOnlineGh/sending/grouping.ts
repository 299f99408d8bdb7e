import type { MessageTypeName } from '../../shared/meanings/messageTypeIds';
import type { Outcome } from '../items/operation';
import type { OutgoingMessage, Recipient, SendableMessage, VoiceMessage } from './message';
import type { Scheduling } from './scheduling';

/** What one item asks to send: a text (or template) from a sender to its recipients. */
export interface MessageRequest {
	kind?: 'sms';
	sender: string;
	text: string;
	type: MessageTypeName;
	scheduling: Scheduling;
	recipients: Recipient[];
}

/** What one item asks to send as voice: a stored template, from a sender (or none). */
export interface VoiceRequest {
	kind: 'voice';
	sender: string;
	template: string;
	scheduling: Scheduling;
	recipients: Recipient[];
}

type AnyRequest = MessageRequest | VoiceRequest;

// Items with the same sender, text, type and schedule become one unit: one request, not one per item.
// A recipient with a Client Reference repeats only one with the same message id; the service would refuse it (2131).
export function groupRequests(
	requests: MessageRequest[],
	options: { personalised: boolean; removeDuplicates: boolean },
): { messages: OutgoingMessage[]; skipped: Outcome[] };
export function groupRequests(
	requests: VoiceRequest[],
	options: { personalised: false; removeDuplicates: boolean },
): { messages: VoiceMessage[]; skipped: Outcome[] };
export function groupRequests(
	requests: AnyRequest[],
	{ personalised, removeDuplicates }: { personalised: boolean; removeDuplicates: boolean },
): { messages: SendableMessage[]; skipped: Outcome[] } {
	const groups = new Map<string, Group>();
	const skipped: Outcome[] = [];
	const byMessageId = new Map<string, Recipient>();
	let group: Group | undefined;
	for (const request of requests) {
		// Most lists are runs of alike items: the group before is compared first, so most items need no key.
		if (!group || !sameMessage(group.request, request)) {
			const key = groupKey(request);
			group = groups.get(key);
			if (!group) {
				group = { request, personalised, units: [], seen: new Map() };
				groups.set(key, group);
			}
		}
		for (const recipient of request.recipients) {
			if (recipient.messageId !== undefined) {
				const first = byMessageId.get(recipient.messageId);
				if (first) {
					const content = request.kind === 'voice' ? 'template' : 'text';
					skipped.push(
						skippedOutcome(recipient, first, `the same client reference, number and ${content} as`),
					);
					continue;
				}
				byMessageId.set(recipient.messageId, recipient);
				addTo(unitFor(group, recipient), recipient);
				continue;
			}
			const first = removeDuplicates ? group.seen.get(recipient.key) : undefined;
			if (first) {
				skipped.push(skippedOutcome(recipient, first));
				continue;
			}
			if (removeDuplicates) group.seen.set(recipient.key, recipient);
			addTo(group.units[0] ?? newUnit(group), recipient);
		}
	}
	return { messages: [...groups.values()].flatMap((g) => g.units.map((u) => u.message)), skipped };
}

/** What makes two items one message: compared field by field against the group before, or used as a key. */
const IDENTITY: ReadonlyArray<(request: AnyRequest) => unknown> = [
	(request) => request.sender,
	(request) => (request.kind === 'voice' ? 'voice' : request.type),
	(request) => (request.kind === 'voice' ? request.template : request.text),
	(request) => request.scheduling.schedule?.dateTime,
	(request) => request.scheduling.schedule?.offset,
	(request) => request.scheduling.callback?.url,
	(request) => request.scheduling.callback?.accept,
];

function sameMessage(a: AnyRequest, b: AnyRequest): boolean {
	for (const field of IDENTITY) if (field(a) !== field(b)) return false;
	return true;
}

function groupKey(request: AnyRequest): string {
	return JSON.stringify(IDENTITY.map((field) => field(request)));
}

interface Unit {
	message: SendableMessage;
	/** International forms of its numbers, built only once a recipient with its own message id needs them. */
	numbers?: Set<string>;
}

interface Group {
	request: AnyRequest;
	personalised: boolean;
	units: Unit[];
	seen: Map<string, Recipient>;
}

function newUnit(group: Group): Unit {
	const { request } = group;
	const { sender, scheduling } = request;
	const unit: Unit = {
		message:
			request.kind === 'voice'
				? { kind: 'voice', sender, template: request.template, recipients: [], ...scheduling }
				: {
						sender,
						text: request.text,
						type: request.type,
						personalised: group.personalised,
						recipients: [],
						...scheduling,
					},
	};
	group.units.push(unit);
	return unit;
}

function addTo(unit: Unit, recipient: Recipient): void {
	unit.message.recipients.push(recipient);
	unit.numbers?.add(recipient.key);
}

function numbersOf(unit: Unit): Set<string> {
	unit.numbers ??= new Set(unit.message.recipients.map((recipient) => recipient.key));
	return unit.numbers;
}

// The service refuses a number given twice in one plain request (2120): a second reference to one number with
// the same text goes into a unit of its own. A personalised request may repeat a number.
function unitFor(group: Group, recipient: Recipient): Unit {
	const unit = group.personalised
		? group.units[0]
		: group.units.find((candidate) => !numbersOf(candidate).has(recipient.key));
	return unit ?? newUnit(group);
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
