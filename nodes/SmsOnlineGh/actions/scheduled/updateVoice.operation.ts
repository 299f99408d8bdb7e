/**
 * Scheduled Voice → Update: a waiting voice message's template, sender or time, numbers added or
 * removed. The service takes the voice send's properties on update (the vendor's SDK for voice: the
 * template required, else 1505; the sender only when set), so the node loads the message first and
 * sends what the item changes with the rest as loaded; the rest is Scheduled SMS → Update's
 * (updating.ts): removal checks, the sender check (against the voice senders), sent once. Its
 * cost ceiling is Voice → Send's Maximum Destinations (../voice/ceiling.ts), on the numbers added.
 */
import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { WireScheduledMessage, WireScheduledVoiceUpdate } from '../../../shared/transport/endpoints/scheduled';
import { encodeScheduledUpdate, scheduledCategory, scheduledVoiceUpdateReader } from '../../../shared/transport/endpoints/scheduled';
import type { TransportOptions } from '../../../shared/transport/service';
import {
	batchProperty,
	dataFormatOption,
	optionsCollection,
	scheduleOffsetOption,
	timeoutOption,
	voiceCheckSenderOption,
	voiceSenderProperty,
} from '../../items/common.descriptions';
import { checkXmlSafe, locatorValue } from '../../items/fields';
import { itemError } from '../../items/itemErrors';
import { readBatch, toMessageIds } from '../../items/messageRefs';
import type { ItemInput, Operation, Outcome } from '../../items/operation';
import { numberOptions, readNumberRules } from '../../items/numberRules';
import type { ItemParameters } from '../../items/parameters';
import { readSettings } from '../../items/settings';
import { readSchedule } from '../../sending/scheduling';
import type { SenderCheck } from '../../sending/senderCheck';
import { typedSender } from '../../sending/senderCheck';
import type { DestinationsRefusal } from '../../sending/ceilings';
import { maximumDestinationsOption, readMaximumDestinations, refuseOverDestinations } from '../../sending/ceilings';
import { loadMessage } from './load';
import type { DestinationEdit } from './updating';
import {
	addNumbersField,
	checkDestinations,
	destinationChanges,
	failedUpdate,
	optionalTextField,
	readNumbers,
	removeMessageIdsField,
	runUpdates,
	scheduleAtField,
	sendUpdate,
} from './updating';

const properties: INodeProperties[] = [
	batchProperty,
	{
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: [
			addNumbersField('Phone numbers to add to the message, separated by commas'),
			removeMessageIdsField,
			scheduleAtField,
			scheduleOffsetOption,
			{ ...voiceSenderProperty, description: 'The new voice sender (one of the account’s voice senders, not its SMS ones)' },
			{
				displayName: 'Template',
				name: 'template',
				type: 'string',
				default: '',
				placeholder: 'e.g. payment_due',
				description: 'The name of another voice template stored on your account, to play instead',
			},
		],
	},
	optionsCollection([
		voiceCheckSenderOption,
		...numberOptions,
		dataFormatOption,
		{
			...maximumDestinationsOption,
			description:
				'Most phone numbers one run may add to waiting voice messages (Add Numbers over every item, counted as given: a number given twice counts twice). A run over it is refused before anything is loaded or changed. 0 = no limit.',
		},
		timeoutOption,
	]),
];

interface VoiceUpdateRequest extends DestinationEdit {
	template?: string;
	schedule?: { dateTime: string; offset?: string };
}

interface VoiceUpdateFields {
	template?: unknown;
	sender?: unknown;
	scheduleAt?: string;
	scheduleOffset?: string;
	addNumbers?: unknown;
	removeMessageIds?: unknown;
}

/** A template or sender as the voice send takes it: trimmed, and carried by XML when XML is sent. */
function voiceText(ctx: IExecuteFunctions, parameters: ItemParameters, itemIndex: number, field: string, value: unknown): string | undefined {
	const text = optionalTextField(ctx, itemIndex, field, value)?.trim();
	if (text !== undefined) checkXmlSafe(ctx, parameters, itemIndex, field, text);
	return text;
}

function readItem(this: IExecuteFunctions, itemIndex: number, parameters: ItemParameters): VoiceUpdateRequest {
	const batch = readBatch(this, parameters, itemIndex);
	const fields = parameters.get<VoiceUpdateFields>('updateFields', itemIndex, {}) ?? {};
	const request: VoiceUpdateRequest = {
		batch,
		template: voiceText(this, parameters, itemIndex, 'Template', fields.template),
		sender: voiceText(this, parameters, itemIndex, 'Sender', locatorValue(fields.sender)),
		senderTyped: typedSender(fields.sender),
		...readNumbers(this, itemIndex, fields.addNumbers, readNumberRules(this, parameters, itemIndex)),
		remove: toMessageIds(this, itemIndex, 'Remove Message IDs', fields.removeMessageIds),
		schedule: readSchedule(this, itemIndex, fields, Date.now()),
	};
	const changes = [request.template, request.sender, request.schedule].filter((v) => v !== undefined);
	if (changes.length === 0 && request.add.length === 0 && request.remove.length === 0) {
		throw itemError(this, itemIndex, 'Update Fields', 'change nothing: add at least one field to change');
	}
	return request;
}

/** The voice properties the service takes on update: what the item changes, the rest as loaded. */
function updateBody(request: VoiceUpdateRequest, message: WireScheduledMessage, template: string): WireScheduledVoiceUpdate {
	const update: WireScheduledVoiceUpdate = { template };
	const sender = request.sender ?? message.sender;
	if (sender) update.sender = sender;
	const schedule = request.schedule ?? message.schedule;
	if (schedule) update.schedule = { ...schedule };
	if (message.callback) update.callback = { ...message.callback };
	const destinations = destinationChanges(request);
	if (destinations) update.destinations = destinations;
	return update;
}

/** Why the loaded message cannot take this update (an SMS, or no template to name); undefined when it can. */
function mismatch(ctx: IExecuteFunctions, itemIndex: number, request: VoiceUpdateRequest, message: WireScheduledMessage) {
	if (scheduledCategory(message) !== 'voice') {
		return itemError(ctx, itemIndex, 'Batch ID', `${request.batch} is a scheduled SMS, not a voice message: change it with Scheduled SMS → Update`);
	}
	// The update must name the template; no source shows a loaded voice message naming its own.
	if ((request.template ?? message.template) === undefined) {
		return itemError(ctx, itemIndex, 'Template', `is needed: the service did not say which template batch ${request.batch} plays, and an update must name it`);
	}
	return undefined;
}

async function updateOne(
	ctx: IExecuteFunctions,
	itemIndex: number,
	request: VoiceUpdateRequest,
	transport: TransportOptions,
	check: SenderCheck | undefined,
): Promise<Outcome[]> {
	const failed = (error: NonNullable<Outcome['error']>): Outcome[] => failedUpdate(itemIndex, request.batch, error);
	const loaded = await loadMessage(ctx, request.batch, transport);
	if (!loaded.ok) return failed(loaded.failure.toNodeApiError(ctx.getNode(), { itemIndex }));
	const message = loaded.value;
	if (!message) return failed(itemError(ctx, itemIndex, 'Batch ID', `${request.batch} is not a scheduled message`));
	const wrong = mismatch(ctx, itemIndex, request, message);
	if (wrong) return failed(wrong);
	const template = (request.template ?? message.template) as string;
	// A voice message may have no sender at all: an empty sender is never checked.
	const sender = request.sender ?? message.sender ?? '';
	const refused = await checkDestinations(ctx, request, { sender, voice: true }, transport, itemIndex, sender === '' ? undefined : check);
	if (refused) return failed(refused);
	const body = encodeScheduledUpdate(updateBody(request, message, template), transport.format);
	const fields = { category: 'voice', template };
	return await sendUpdate(ctx, { itemIndex, batch: request.batch, body, reader: scheduledVoiceUpdateReader, fields }, transport);
}

/**
 * A run that would add more numbers than Maximum Destinations allows. The count is of the numbers
 * as the items give them, over every item: nothing is loaded before it is made, so numbers the
 * message already has or that repeat are counted too (the count is never under what is added).
 */
const OVER_DESTINATIONS: DestinationsRefusal<VoiceUpdateRequest> = {
	would: (numbers) => `add ${numbers} to waiting voice messages`,
	notDone: 'nothing was changed',
	fix: 'Add fewer numbers (split the run)',
	description:
		'The numbers to add are counted over every item of the run, as given (a number given twice counts twice), before any message is loaded. No message of this run was changed.',
	json: (request) => ({ batch: request.batch }),
};

async function execute(this: IExecuteFunctions, inputs: Array<ItemInput<VoiceUpdateRequest>>, parameters: ItemParameters): Promise<Outcome[]> {
	const added = inputs.reduce((sum, { input }) => sum + input.add.length, 0);
	const refused = refuseOverDestinations(this, added, readMaximumDestinations(this, parameters), inputs, OVER_DESTINATIONS);
	if (refused) return refused;
	const { transport } = readSettings(this, parameters);
	return await runUpdates(this, inputs, parameters, transport, (itemIndex, input, check) => updateOne(this, itemIndex, input, transport, check));
}

export const updateVoice: Operation<VoiceUpdateRequest> = {
	readsNumbers: true,
	option: {
		name: 'Update',
		description: 'Change a scheduled voice message: its template, sender or time, add numbers or remove some',
		action: 'Update a scheduled voice message',
	},
	properties,
	verdicts: 'update',
	readItem,
	execute,
};
