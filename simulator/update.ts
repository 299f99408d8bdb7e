/**
 * `POST /v5/message/scheduled/update/{batch}`: a waiting message's new properties and changes to
 * its destinations, as the vendor's SDK (Zenoph.Notify) writes them (requests.ts reads the body).
 * The answer is the send answer's shape (`delivery` false) over every destination the batch had,
 * in its order, then the added ones, then an item for each id the batch does not hold:
 *
 * - deleted: 2103, credit refunded, listed in this answer and then gone from the batch;
 * - changed (`update`: a new number, and new values when personalised): judged again as a new
 *   destination of the message, keeping its id; its old credit comes back first;
 * - added: judged as a send's destinations (2119, 2120 also against the numbers the batch keeps,
 *   2131-2133 for a custom id, 2115/2118 values, 2121 credit), 2104 when taken, a generated id
 *   when none was given;
 * - kept: 2104 as before; when text, type or sender change, judged again (and charged again) on
 *   the new text, so a longer text costs more and an unregistered sender refuses them all (2128);
 * - an id in `update` or `delete` that the batch does not hold: an item with the id and status
 *   2101 only (the simulator's choice; the SDK treats every item but 2103 as kept).
 *
 * Deletes apply first, then changes, then additions. `schedule` and `callback` replace the
 * batch's when given and are kept when left out; a schedule is judged as a send's (1807, 1808).
 * `personalise` is read and ignored: the batch stays as personalised as it was sent.
 *
 * A voice batch's update carries a voice send's properties instead (voice-codec.ts): `template`
 * (required, one of the account's stored voice templates, else 1505), `sender` (optional, a voice
 * sender), `schedule`, `callback`; `text`, `type`, `personalise` or values are 1402. A change of
 * template or sender judges the kept destinations again (one credit each; 2128 for a sender that
 * is not a voice sender).
 */
import { dataWith, itemWriter, unknownItem } from './answers';
import { refused, type Answer, type Call } from './calls';
import { isRecord } from './codec';
import { DS, HSHK } from './labels';
import {
	decodeUpdate,
	type DestinationChange,
	type UpdateProperties,
	type UpdateRequest,
} from './requests';
import { judgeSchedule } from './schedule';
import { scheduledGate } from './scheduled';
import { SendRun } from './send';
import type { Destination, StoredBatch } from './store';
import { compileTemplate, type CompiledTemplate } from './template';
import type { DecodedUnit } from './types';
import { hasTemplate } from './voice';
import { VOICE_PROPERTIES } from './voice-codec';

type Item = DecodedUnit['destinations'][number];

interface Plan {
	template?: CompiledTemplate;
	/** The new schedule's instant, when the request gives one. */
	scheduledAt?: number;
}

export function update(call: Call): Answer {
	const batch = call.store.get(call.account.config.id, call.batch, call.now);
	const gate = scheduledGate(batch);
	if (gate !== undefined || !batch) return refused(gate ?? HSHK.SM_REFERENCE_ID);
	const decoded = decodeUpdate(
		call.format,
		call.body,
		batch.category === 'voice' ? VOICE_PROPERTIES : undefined,
	);
	if ('handshake' in decoded) return refused(decoded.handshake);
	const plan = planOf(batch, decoded.ok, call);
	if ('handshake' in plan) return refused(plan.handshake);
	const { listed, unknown, accepted } = apply(batch, decoded.ok, plan, call);
	const write = itemWriter(batch, call.shape);
	const items = listed.map(write);
	for (const id of unknown) items.push(unknownItem(id, call.shape.dialect));
	return {
		handshake: HSHK.OK,
		data: dataWith(batch, items, call.shape, false),
		submitted: accepted > 0,
	};
}

/**
 * What must hold before anything changes: destinations of the batch's kind (values exactly when
 * personalised, else 1402), a template with variables (1402), a usable schedule (1807, 1808).
 */
function planOf(
	batch: StoredBatch,
	request: UpdateRequest,
	call: Call,
): Plan | { handshake: number } {
	const personalised = batch.personalised;
	const first = request.add[0];
	if (first !== undefined && (isRecord(first) && 'values' in first) !== personalised) {
		return { handshake: HSHK.BAD_REQUEST };
	}
	if (!personalised && request.update.some((change) => change.values !== undefined)) {
		return { handshake: HSHK.BAD_REQUEST };
	}
	const plan: Plan = {};
	if (batch.category === 'voice' && !hasTemplate(call.account, request.properties.template)) {
		return { handshake: HSHK.MR_VOICE_FILE };
	}
	if (personalised) {
		plan.template = compileTemplate(request.properties.text, call.settings.templates);
		if (plan.template.valueCount === 0) return { handshake: HSHK.BAD_REQUEST };
	}
	const schedule = request.properties.schedule;
	if (schedule) {
		const verdict = judgeSchedule(schedule, call.now, call.account.config.timeZone);
		if (verdict.kind === 'rejected') return { handshake: verdict.handshake };
		plan.scheduledAt = verdict.at;
	}
	return plan;
}

interface Applied {
	/** The batch's destinations as they were, in order (deleted ones too), then the added ones. */
	listed: Destination[];
	/** Ids in `update` or `delete` that the batch does not hold. */
	unknown: string[];
	/** Destinations taken (added or changed) by this update. */
	accepted: number;
}

function apply(batch: StoredBatch, request: UpdateRequest, plan: Plan, call: Call): Applied {
	const byId = new Map(batch.destinations.map((d) => [d.id, d]));
	const deleting = new Set(request.delete);
	const unknown = request.delete.filter((id) => !byId.has(id));
	const listed = [...batch.destinations];
	const kept: Destination[] = [];
	for (const d of batch.destinations) {
		if (!deleting.has(d.id)) {
			kept.push(d);
			continue;
		}
		refund(call, d);
		d.status = DS.DELETED;
	}
	const targets: Array<{ d: Destination; change: DestinationChange }> = [];
	for (const change of request.update) {
		const d = byId.get(change.id);
		if (d && !deleting.has(d.id)) targets.push({ d, change });
		else unknown.push(change.id);
	}
	const changing = new Set(targets.map((t) => t.d));
	const propertiesChanged = setProperties(batch, request.properties, plan.scheduledAt);
	if (propertiesChanged) {
		const waiting = kept.filter((d) => d.status === DS.SCHEDULED && !changing.has(d));
		judgeAgain(batch, waiting, call, plan.template);
	}
	for (const { d } of targets) refund(call, d);
	const known = {
		numbers: kept.filter((d) => d.status === DS.SCHEDULED && !changing.has(d)).map((d) => d.to),
		ids: [...byId.keys()],
	};
	const items: Item[] = targets.map(({ d, change }) => changedItem(batch, d, change));
	items.push(...request.add);
	const run = runOf(batch, items, call, plan.template, known);
	const out = run.process();
	targets.forEach(({ d }, i) => settle(d, out[i]));
	const added = out.slice(targets.length);
	batch.destinations = [...kept, ...added];
	return { listed: [...listed, ...added], unknown, accepted: run.accepted };
}

/**
 * Sets text, type, sender (a voice batch's template and sender), and schedule and callback when
 * given; true when text, type, sender or template changed.
 */
function setProperties(
	batch: StoredBatch,
	properties: UpdateProperties,
	scheduledAt: number | undefined,
): boolean {
	const changed =
		properties.text !== batch.text ||
		properties.type !== batch.type ||
		properties.sender !== batch.sender ||
		properties.template !== batch.template;
	if (batch.category === 'voice') batch.template = properties.template;
	batch.text = properties.text;
	batch.type = properties.type;
	batch.sender = properties.sender;
	if (properties.schedule && scheduledAt !== undefined) {
		batch.schedule = { ...properties.schedule };
		batch.scheduledAt = scheduledAt;
	}
	if (properties.callback) batch.callback = { ...properties.callback };
	return changed;
}

/** Kept destinations after a change of text, type or sender: their credit back, then charged again. */
function judgeAgain(
	batch: StoredBatch,
	waiting: Destination[],
	call: Call,
	template?: CompiledTemplate,
): void {
	for (const d of waiting) refund(call, d);
	const items: Item[] = waiting.map((d) =>
		batch.personalised ? { number: d.to, values: [...(d.values ?? [])] } : d.to,
	);
	const out = runOf(
		batch,
		items,
		{ ...call, recordSubmission: () => undefined },
		template,
	).process();
	waiting.forEach((d, i) => settle(d, out[i]));
}

function runOf(
	batch: StoredBatch,
	destinations: Item[],
	call: Call,
	template: CompiledTemplate | undefined,
	known?: { numbers: string[]; ids: string[] },
): SendRun {
	const unit: DecodedUnit = {
		text: batch.text,
		type: batch.type,
		sender: batch.sender,
		destinations,
	};
	return new SendRun({
		account: call.account,
		unit,
		template,
		acceptedStatus: 'SCHEDULED',
		usedIds: call.usedIds,
		recordSubmission: call.recordSubmission,
		known,
		voice: batch.category === 'voice',
	});
}

/** A changed destination as a send item without an id (the id is its own, not a custom one). */
function changedItem(batch: StoredBatch, d: Destination, change: DestinationChange): Item {
	if (!batch.personalised) return change.number;
	return { number: change.number, values: change.values ?? [...(d.values ?? [])] };
}

/** The judged copy's outcome onto the kept record, which keeps its id. */
function settle(d: Destination, judged: Destination): void {
	d.to = judged.to;
	d.status = judged.status;
	d.messageCount = judged.messageCount;
	d.country = judged.country;
	d.message = judged.message;
	d.values = judged.values;
}

function refund(call: Call, d: Destination): void {
	call.account.balance += d.messageCount;
	d.messageCount = 0;
}
