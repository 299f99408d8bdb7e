/**
 * The send operation (`POST /v5/message/sms/send`): one request, destination by destination in
 * request order, so that duplicates, reused message ids and running out of credit hit exactly the
 * destinations they would hit on the service. Every batch it answers with handshake 0 is kept
 * (store.ts) for the lifecycle endpoints. SendRun also judges the destinations a scheduled update
 * adds or changes (update.ts).
 */
import type { AccountState } from './accounts';
import { sendData } from './answers';
import { refused, type Answer, type Call } from './calls';
import { decodeUnit } from './codec';
import { messageParts } from './credit';
import { batchId, randomUuids } from './ids';
import { DS, HSHK, type StatusKey } from './labels';
import { idFormStatus, type UsedIds } from './msgids';
import { countryOf, isValidNumber, normaliseNumber } from './numbers';
import { judgeSchedule } from './schedule';
import type { Destination, StoredBatch } from './store';
import { compileTemplate, type CompiledTemplate } from './template';
import type { DataFormat, DecodedUnit } from './types';

type Item = DecodedUnit['destinations'][number];

export function sendMessage(call: Call): Answer {
	if (call.body.trim() === '') return refused(HSHK.DATA);
	// The service has already required a recognised Content-Type for a non-empty body.
	const unit = decodeUnit(call.format as DataFormat, call.body);
	if (!unit) return refused(HSHK.BAD_REQUEST);
	const first = unit.destinations[0];
	const personalised = typeof first !== 'string' && first.values !== undefined;
	const template = personalised ? compileTemplate(unit.text, call.settings.templates) : undefined;
	if (template && template.valueCount === 0) return { handshake: HSHK.BAD_REQUEST, unit };
	const { now, account } = call;
	const batch: StoredBatch = {
		batch: batchId(),
		accountId: account.config.id,
		category: 'sms',
		text: unit.text,
		type: unit.type,
		sender: unit.sender,
		personalised,
		acceptedAt: now,
		state: 'sent',
		destinations: [],
	};
	const unusable = timeAndCallback(batch, unit, call);
	if (unusable !== undefined) return { handshake: unusable, unit };
	const acceptedStatus = unit.schedule ? 'SCHEDULED' : 'PENDING_ENROUTE';
	const { usedIds, recordSubmission } = call;
	const run = new SendRun({ account, unit, template, acceptedStatus, usedIds, recordSubmission });
	batch.destinations = run.process();
	call.store.addSent(batch, call.settings.refusedBatches);
	return {
		handshake: HSHK.OK,
		data: sendData(batch, batch.destinations, call.shape),
		unit,
		rendered: template ? run.rendered : undefined,
		submitted: run.accepted > 0,
	};
}

/**
 * A new batch's schedule (it waits) or its going out now, and its callback; the handshake (1807,
 * 1808) of a schedule that cannot be used, else undefined.
 */
export function timeAndCallback(
	batch: StoredBatch,
	unit: Pick<DecodedUnit, 'schedule' | 'callback'>,
	call: Call,
): number | undefined {
	if (unit.schedule) {
		const verdict = judgeSchedule(unit.schedule, call.now, call.account.config.timeZone);
		if (verdict.kind === 'rejected') return verdict.handshake;
		batch.state = 'scheduled';
		batch.schedule = { ...unit.schedule };
		batch.scheduledAt = verdict.at;
	} else {
		batch.goneOutAt = call.now;
	}
	if (unit.callback) batch.callback = { ...unit.callback };
	return undefined;
}

export interface SendContext {
	account: AccountState;
	unit: DecodedUnit;
	/** Set for a personalised message. */
	template?: CompiledTemplate;
	/** 2105, or 2104 when the send is scheduled for later. */
	acceptedStatus: StatusKey;
	/** Custom ids the account used before; the run adds those of its accepted destinations. */
	usedIds: UsedIds;
	recordSubmission(number: string): void;
	/**
	 * A scheduled update: the numbers the batch already sends to (a repeat is 2120) and the ids it
	 * already holds (a custom id among them is 2131).
	 */
	known?: { numbers: Iterable<string>; ids: Iterable<string> };
	/**
	 * A voice message (voice.ts): one credit per destination, whatever the (empty) text; a sender,
	 * when there is one, must be among the account's voice senders (none given is accepted).
	 */
	voice?: boolean;
}

/** What one voice destination costs: one credit (the simulator's rule; no source gives one). */
export const VOICE_CREDITS = 1;

export class SendRun {
	readonly rendered: Array<string | null>;
	accepted = 0;
	private readonly seen = new Set<string>();
	private readonly seenIds = new Set<string>();
	private readonly senderOk: boolean;
	/** Plain messages share one text, so its parts are counted once. */
	private readonly plainParts: number;

	constructor(private readonly context: SendContext) {
		const { unit, template, account, known } = context;
		this.rendered = template ? new Array<string | null>(unit.destinations.length).fill(null) : [];
		if (context.voice) {
			this.senderOk = unit.sender === '' || account.voiceSenders.includes(unit.sender);
			this.plainParts = VOICE_CREDITS;
		} else {
			this.senderOk = account.senders.includes(unit.sender);
			this.plainParts = template ? 0 : messageParts(unit.text, unit.type);
		}
		if (known) {
			for (const n of known.numbers) this.seen.add(n);
			for (const id of known.ids) this.seenIds.add(id);
		}
	}

	/**
	 * One kept record per destination, which the answer is written from. A plain message's text
	 * is the batch's (not copied onto each destination); a personalised one keeps its values (the
	 * request's own array) and its rendered text.
	 */
	process(): Destination[] {
		const list = this.context.unit.destinations;
		const ids = randomUuids(list.length);
		const out = new Array<Destination>(list.length);
		for (let i = 0; i < list.length; i++) out[i] = this.destination(i, list[i], ids[i]);
		return out;
	}

	private destination(index: number, item: Item, generatedId: string): Destination {
		const raw = typeof item === 'string' ? item : item.number;
		const customId = typeof item === 'string' ? undefined : item.id;
		const valid = isValidNumber(raw);
		const to = valid ? normaliseNumber(raw) : raw;
		const out: Destination = {
			id: customId ?? generatedId,
			to,
			status: DS.PENDING_ENROUTE,
			messageCount: 0,
		};
		const country = valid ? countryOf(to) : undefined;
		if (country !== undefined) out.country = country;
		if (this.context.template && typeof item !== 'string' && item.values) out.values = item.values;
		const rejection = this.rejection(index, item, valid, to, customId, out);
		out.status = DS[rejection ?? this.context.acceptedStatus];
		return out;
	}

	/** The reason the destination is rejected, in the service's order; undefined once it is accepted. */
	private rejection(
		index: number,
		item: Item,
		valid: boolean,
		to: string,
		customId: string | undefined,
		out: Destination,
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

	private charge(
		to: string,
		parts: number,
		customId: string | undefined,
		out: Destination,
	): StatusKey | undefined {
		const account = this.context.account;
		if (account.balance < parts) return 'NO_CREDIT';
		account.balance -= parts;
		this.context.recordSubmission(to);
		if (customId !== undefined) this.context.usedIds.add(account.config.id, customId);
		this.accepted++;
		out.messageCount = parts;
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
