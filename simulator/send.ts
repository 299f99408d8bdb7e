/**
 * One send request, destination by destination in request order, so that duplicates, reused
 * message ids and running out of credit hit exactly the destinations they would hit on the service.
 */
import type { AccountState } from './accounts';
import { messageParts } from './credit';
import { randomUuids } from './ids';
import type { StatusKey, StatusRef } from './labels';
import { idFormStatus, type UsedIds } from './msgids';
import { countryOf, isValidNumber, normaliseNumber } from './numbers';
import type { CompiledTemplate } from './template';
import type { DecodedUnit } from './types';

type Item = DecodedUnit['destinations'][number];

/** One destination as processed, with what the 'sdk' dialect's answer tells about it. */
export interface SendDestination {
	id: string;
	to: string;
	status: StatusRef;
	/** ISO country of the number, when the simulator knows its dial code. */
	country?: string;
	/** The text this destination receives (rendered when personalised); absent when never rendered. */
	message?: string;
	/** Parts billed: 0 for a rejected destination. */
	messageCount: number;
	/** true when the destination was accepted (2104 or 2105): credit taken, submission counted. */
	accepted: boolean;
}

export interface SendContext {
	account: AccountState;
	unit: DecodedUnit;
	/** Set for a personalised message. */
	template?: CompiledTemplate;
	/** 2105, or 2104 when the send is scheduled for later. */
	acceptedStatus: StatusKey;
	/** The status refs (ids and labels) of the dialect in force. */
	statuses: Readonly<Record<StatusKey, StatusRef>>;
	/** Custom ids the account used before; the run adds those of its accepted destinations. */
	usedIds: UsedIds;
	recordSubmission(number: string): void;
}

export class SendRun {
	readonly rendered: Array<string | null>;
	accepted = 0;
	private readonly seen = new Set<string>();
	private readonly seenIds = new Set<string>();
	private readonly senderOk: boolean;
	/** Plain messages share one text, so its parts are counted once. */
	private readonly plainParts: number;

	constructor(private readonly context: SendContext) {
		const { unit, template, account } = context;
		this.rendered = template ? new Array<string | null>(unit.destinations.length).fill(null) : [];
		this.senderOk = account.config.senders.includes(unit.sender);
		this.plainParts = template ? 0 : messageParts(unit.text, unit.type);
	}

	process(): SendDestination[] {
		const list = this.context.unit.destinations;
		const ids = randomUuids(list.length);
		const out = new Array<SendDestination>(list.length);
		for (let i = 0; i < list.length; i++) out[i] = this.destination(i, list[i], ids[i]);
		return out;
	}

	private destination(index: number, item: Item, generatedId: string): SendDestination {
		const raw = typeof item === 'string' ? item : item.number;
		const customId = typeof item === 'string' ? undefined : item.id;
		const valid = isValidNumber(raw);
		const to = valid ? normaliseNumber(raw) : raw;
		const out: SendDestination = {
			id: customId ?? generatedId,
			to,
			status: this.context.statuses.PENDING_ENROUTE,
			messageCount: 0,
			accepted: false,
		};
		const country = valid ? countryOf(to) : undefined;
		if (country !== undefined) out.country = country;
		if (!this.context.template) out.message = this.context.unit.text;
		const rejection = this.rejection(index, item, valid, to, customId, out);
		out.status = this.context.statuses[rejection ?? this.context.acceptedStatus];
		return out;
	}

	/** The reason the destination is rejected, in the service's order; undefined once it is accepted. */
	private rejection(
		index: number,
		item: Item,
		valid: boolean,
		to: string,
		customId: string | undefined,
		out: SendDestination,
	): StatusKey | undefined {
		// An unregistered sender stops the whole message, whatever else is wrong with a number.
		if (!this.senderOk) return 'SENDER_NOT_REGISTERED';
		if (!valid) return 'INVALID_NUMBER';
		if (this.seen.has(to)) return 'DUPLICATE';
		this.seen.add(to);
		if (customId !== undefined) {
			const wrong = this.idRejection(customId);
			if (wrong) return wrong;
		}
		let parts = this.plainParts;
		const template = this.context.template;
		if (template && typeof item !== 'string') {
			const values = item.values ?? [];
			const wrong = valuesRejection(values, template);
			if (wrong) return wrong;
			const text = template.render(values as Array<string | number>);
			this.rendered[index] = text;
			out.message = text;
			parts = messageParts(text, this.context.unit.type);
		}
		return this.charge(to, parts, customId, out);
	}

	private idRejection(id: string): StatusKey | undefined {
		const form = idFormStatus(id);
		if (form) return form;
		const accountId = this.context.account.config.id;
		if (this.seenIds.has(id) || this.context.usedIds.has(accountId, id)) return 'MSGID_DUPLICATE';
		this.seenIds.add(id);
		return undefined;
	}

	private charge(to: string, parts: number, customId: string | undefined, out: SendDestination): StatusKey | undefined {
		const account = this.context.account;
		if (account.balance < parts) return 'NO_CREDIT';
		account.balance -= parts;
		this.context.recordSubmission(to);
		if (customId !== undefined) this.context.usedIds.add(account.config.id, customId);
		this.accepted++;
		out.messageCount = parts;
		out.accepted = true;
		return undefined;
	}
}

function valuesRejection(
	values: ReadonlyArray<string | number | null>,
	template: CompiledTemplate,
): StatusKey | undefined {
	if (values.length === 0) return 'VALUES_EMPTY';
	for (const v of values) if (v === null || v === '') return 'VALUES_EMPTY';
	if (values.length !== template.valueCount) return 'VALUES_COUNT';
	return undefined;
}
